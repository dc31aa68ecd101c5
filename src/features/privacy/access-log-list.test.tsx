import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccessKind } from '../../../domain/access-log';
import { Role } from '../../../domain/roles';
import { type AccessLogItem, AccessLogList } from './access-log-list';

function renderList(entries: AccessLogItem[]) {
  render(
    <I18nProvider i18n={i18n}>
      <AccessLogList entries={entries} />
    </I18nProvider>,
  );
}

const teacher = { name: 'Tanaka Hanako', role: Role.teacher };

describe('AccessLogList', () => {
  it('words every kind the server stores, with the reader, their role and the subject', () => {
    const kinds = Object.values(AccessKind);
    renderList(
      kinds.map((kind, index) => ({
        id: 100 - index,
        at: `2026-11-${String(10 + index).padStart(2, '0')}T01:30:00.000Z`,
        kind,
        subject: kind === AccessKind.classSheet ? { name: 'Databases' } : null,
        reader: kind === AccessKind.erasure ? null : teacher,
      })),
    );
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(kinds.length);
    const words = rows.map((row) => row.textContent ?? '');
    expect(words[kinds.indexOf(AccessKind.studentScreen)]).toContain("Opened the student's page");
    expect(words[kinds.indexOf(AccessKind.classSheet)]).toContain('Opened a class sheet · Databases');
    expect(words[kinds.indexOf(AccessKind.syncPull)]).toContain("A device downloaded the class's records");
    expect(words[kinds.indexOf(AccessKind.recordExport)]).toContain('Downloaded the whole record');
    // No code leaks through: every row is worded, none shows a stored code such as `class_sheet`.
    for (const row of words) expect(row).not.toMatch(/[a-z]+_[a-z]+/);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('Tanaka Hanako')).toBeTruthy();
    expect(first.getByText('Teacher')).toBeTruthy();
    expect(first.getByText(/2026/).getAttribute('datetime')).toBe('2026-11-10T01:30:00.000Z');
    // The server's own job has no reader: it is named as the school's server, with no role.
    const erasure = rows[kinds.indexOf(AccessKind.erasure)] as HTMLElement;
    expect(erasure.textContent).toContain("The school's server");
    expect(within(erasure).queryByText('Teacher')).toBeNull();
  });

  it('keeps the order it is given (newest first, as the server sends)', () => {
    renderList([
      { id: 2, at: '2026-11-12T00:00:00.000Z', kind: AccessKind.report, subject: null, reader: teacher },
      {
        id: 1,
        at: '2026-11-11T00:00:00.000Z',
        kind: AccessKind.request,
        subject: null,
        reader: { name: 'Sato Ken', role: Role.admin },
      },
    ]);
    const rows = screen.getAllByRole('listitem').map((row) => row.textContent ?? '');
    expect(rows[0]).toContain('Viewed a report that lists the student');
    expect(rows[1]).toContain('Sato Ken');
    expect(rows[1]).toContain('Admin');
    expect(rows[1]).toContain('Read a request');
  });

  it('says so when nobody has looked', () => {
    renderList([]);
    expect(screen.getByRole('status').textContent).toContain('Nobody has looked at this record yet.');
  });
});
