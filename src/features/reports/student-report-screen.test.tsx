import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AttendanceStatus } from '../../../domain/attendance';
import type { StudentProfileResponse } from '../../../domain/schemas/people';
import { ProvideDatabase } from '../../db/database-context';
import { openTestDatabase } from '../../db/database-test-helper';
import type { SchoolDatabase } from '../../db/open-database';
import { StudentReportScreen } from './student-report-screen';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const student = { id: id(1), identity: 'R-1', name: 'An' };

/**
 * A profile whose stored marks are four "present" (two at held sittings, one at a draft lesson's sitting, one
 * to come) while the server's tally, by the attendance report's rule, counts the two held ones and a held
 * sitting with no mark as not entered.
 */
const profile: StudentProfileResponse = {
  student: {
    ...student,
    name_kana: null,
    email: 'an@school.test',
    phone: null,
    avatar: null,
    university: { id: id(2), name: 'University' },
    faculty: null,
    year_code: null,
    jlpt: null,
    scholarship: false,
  },
  subjects: [
    {
      subject: { id: id(3), name: 'Japanese' },
      class: { id: id(4), name: 'Class A' },
      attendance: {
        class_student_id: id(5),
        student,
        attendances: [10, 11, 12, 13].map((n) => ({
          id: id(n),
          status: AttendanceStatus.present,
          class_student_id: id(5),
          schedule_id: id(n + 10),
          absence_reasons: null,
          comment: null,
        })),
      },
      tally: { present: 2, late: 0, unexplainedAbsence: 0, absent: 0, missing: 1 },
      achievement: {
        ...student,
        subject_student_id: id(6),
        achievements: [],
        score_names: [],
        gpa: null,
        final_score: null,
        comment: null,
        formula: null,
      },
      messages: [],
    },
  ],
};

let database: SchoolDatabase | undefined;

afterEach(async () => {
  vi.unstubAllGlobals();
  await database?.remove();
  database = undefined;
});

describe('the report card', () => {
  it("shows each subject's attendance as the server tallies it, not entered included, not the stored marks", async () => {
    database = await openTestDatabase('report-card');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(profile), { headers: { 'content-type': 'application/json' } }),
      ),
    );
    render(
      <I18nProvider i18n={i18n}>
        <ProvideDatabase database={database}>
          <StudentReportScreen studentId={student.id} onChooseStudent={vi.fn()} />
        </ProvideDatabase>
      </I18nProvider>,
    );
    const card = await screen.findByRole('region', { name: 'Report card of An' });
    const table = within(card).getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent?.replace(/[▲▼↕]/g, '').trim());
    const [row] = within(table).getAllByRole('row').slice(1);
    if (!row) throw new Error('no subject row');
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    const shown = Object.fromEntries(headers.map((header, index) => [header, cells[index]]));
    expect(shown).toMatchObject({
      Subject: 'Japanese',
      Present: '2',
      Late: '0',
      'Unexplained absence': '0',
      Absent: '0',
      'Not entered': '1',
      'Attendance rate (%)': '66.67',
    });
  });
});
