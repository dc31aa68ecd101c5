import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccessKind } from '../../../domain/access-log';
import { Role } from '../../../domain/roles';
import { StaffAccessList } from './staff-access-panel';

const teacher = { id: 'b0c0a0d0-0000-4000-8000-000000000009', name: 'Tanaka Hanako', role: Role.teacher };
const student = (n: number) => ({ id: `s-${n}`, identity: `S-${n}`, name: `Student ${n}` });

function renderList(entries: Parameters<typeof StaffAccessList>[0]['entries']) {
  render(
    <I18nProvider i18n={i18n}>
      <StaffAccessList entries={entries} />
    </I18nProvider>,
  );
}

describe('StaffAccessList', () => {
  it('words what each read was, under which subject, and names the students with how many more', () => {
    renderList([
      {
        id: 12,
        at: '2026-11-28T01:30:00.000Z',
        kind: AccessKind.classSheet,
        subject: { id: 'p1', name: 'Databases' },
        source: 'GET /api/attendance/:subjectClassId',
        reader: teacher,
        students_count: 23,
        students: Array.from({ length: 20 }, (_, n) => student(n + 1)),
      },
      {
        id: 11,
        at: '2026-11-27T01:30:00.000Z',
        kind: AccessKind.studentScreen,
        subject: null,
        source: 'GET /api/students/:studentId',
        reader: teacher,
        students_count: 1,
        students: [student(40)],
      },
    ]);
    const [sheet, screenRead] = screen.getAllByRole('listitem') as HTMLElement[];
    expect(sheet?.textContent).toContain('Opened a class sheet · Databases');
    expect(sheet?.textContent).toContain('Student 1 (S-1), Student 2 (S-2)');
    expect(within(sheet as HTMLElement).getByText('and 3 more')).toBeTruthy();
    expect(screenRead?.textContent).toContain("Opened the student's page");
    expect(screenRead?.textContent).toContain('Student 40 (S-40)');
    expect(screenRead?.textContent).not.toContain('more');
  });

  it('says when the person has read no student record', () => {
    renderList([]);
    expect(screen.getByText("This person has not looked at any student's record.")).toBeTruthy();
  });
});
