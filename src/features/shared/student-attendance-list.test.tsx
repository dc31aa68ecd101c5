import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AttendanceStatus } from '../../../domain/attendance';
import { PublishState } from '../../../domain/lessons';
import { MasterKind } from '../../../domain/master-kind';
import { RequestStatus } from '../../../domain/request-status';
import { AttendanceRequestKind, RequestOption, RequestType } from '../../../domain/requests';
import { SubjectDocKind } from '../../../domain/sync-docs';
import { ProvideDatabase } from '../../db/database-context';
import {
  lessonRow,
  masterRow,
  openTestDatabase,
  scheduleRow,
  subjectRow,
} from '../../db/database-test-helper';
import type { SchoolDatabase } from '../../db/open-database';
import type { AttendanceDocType, RequestDocType } from '../../db/synced-schemas';
import { StudentAttendanceList } from './student-attendance-list';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

const STUDENT = 'student-1';

function mark(scheduleId: string, fields: Partial<AttendanceDocType>): AttendanceDocType {
  return {
    id: `cs-1:${scheduleId}`,
    subjectId: 'subject-1',
    universityId: 'u',
    classStudentId: 'cs-1',
    studentId: STUDENT,
    scheduleId,
    status: null,
    lateMinutes: null,
    absenceReasons: null,
    comment: null,
    updatedAt: 1,
    ...fields,
  };
}

function request(fields: Partial<RequestDocType> & Pick<RequestDocType, 'id'>): RequestDocType {
  return {
    subjectId: 'subject-1',
    universityId: 'u',
    studentId: STUDENT,
    classId: 'class-1',
    scheduleId: null,
    scoreNameId: null,
    type: RequestType.attendance,
    status: RequestStatus.requesting,
    option: RequestOption.absent,
    attendanceKind: AttendanceRequestKind.absent,
    confirmKind: null,
    acceptReason: null,
    lateMinutes: null,
    points: null,
    content: 'I have a hospital appointment.',
    rejectReason: null,
    decidedBy: null,
    decidedAt: null,
    filedBy: null,
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: 1,
    ...fields,
  };
}

/**
 * A student in class-1 of Mathematics: two sittings held long ago, one far ahead with an approved notice of
 * absence, and sittings that are not theirs to see (another class, a draft lesson).
 */
async function seedStudent(db: SchoolDatabase) {
  await db.master.bulkInsert([masterRow({ id: 'sn-1', kind: MasterKind.subjectNames, name: 'Mathematics' })]);
  await db.subjects.bulkInsert([
    subjectRow({
      id: 'subject-1',
      kind: SubjectDocKind.subject,
      subjectId: 'subject-1',
      subjectNameId: 'sn-1',
    }),
    subjectRow({
      id: 'cs-1',
      kind: SubjectDocKind.classStudent,
      subjectId: 'subject-1',
      classId: 'class-1',
      studentId: STUDENT,
      subjectStudentId: 'ss-1',
    }),
  ]);
  await db.lessons.bulkInsert([
    lessonRow({ id: 'lesson-1', name: 'Lesson 1' }),
    lessonRow({ id: 'lesson-2', name: 'Lesson 2' }),
    lessonRow({ id: 'lesson-draft', name: 'Draft lesson', publish: PublishState.draft }),
  ]);
  await db.schedules.bulkInsert([
    scheduleRow({ id: 'held-1', day: '2020-01-06', lessonId: 'lesson-1' }),
    scheduleRow({
      id: 'held-2',
      day: '2020-01-13',
      lessonId: 'lesson-2',
      startTime: '13:00',
      endTime: '14:30',
    }),
    scheduleRow({ id: 'coming-1', day: '2099-01-05', lessonId: 'lesson-2' }),
    scheduleRow({ id: 'other-class', day: '2020-01-07', classId: 'class-2' }),
    scheduleRow({ id: 'draft', day: '2099-01-06', lessonId: 'lesson-draft' }),
  ]);
  await db.attendance.bulkInsert([
    mark('held-1', { status: AttendanceStatus.late, lateMinutes: 10 }),
    mark('held-2', { status: AttendanceStatus.absent, absenceReasons: 'Fever, note from a doctor' }),
  ]);
  await db.requests.bulkInsert([
    request({
      id: 'req-old',
      scheduleId: 'coming-1',
      status: RequestStatus.cancelled,
      createdAt: '2026-11-02T09:00:00.000Z',
    }),
    request({ id: 'req-1', scheduleId: 'coming-1', status: RequestStatus.accepted }),
  ]);
}

function renderList(db: SchoolDatabase) {
  const root = createRootRoute({
    component: () => (
      <ProvideDatabase database={db}>
        <StudentAttendanceList studentId={STUDENT} />
      </ProvideDatabase>
    ),
  });
  const detail = createRoute({ getParentRoute: () => root, path: '/requests/$requestId' });
  const router = createRouter({
    routeTree: root.addChildren([detail]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe("a student's attendance, sitting by sitting (issue 42)", () => {
  it('lists coming sittings with the approved notice, and held ones latest first with mark and reason', async () => {
    database = await openTestDatabase('student-attendance');
    await seedStudent(database);
    renderList(database);

    const coming = await screen.findByRole('list', { name: 'Coming sittings' });
    const comingItems = within(coming).getAllByRole('listitem');
    expect(comingItems).toHaveLength(1);
    expect(comingItems[0]?.textContent).toContain('01/05/2099');
    expect(comingItems[0]?.textContent).toContain('Mathematics · Lesson 2');
    expect(comingItems[0]?.textContent).toContain('Coming');
    // The notice the school approved is there, and opens the request; the cancelled one says nothing.
    const notice = within(comingItems[0] as HTMLElement).getByRole('link');
    expect(notice.textContent).toBe('Your request: Absent (notice), approved');
    expect(notice.getAttribute('href')).toBe('/requests/req-1');

    const held = screen.getByRole('list', { name: 'Held sittings' });
    const heldItems = within(held).getAllByRole('listitem');
    expect(heldItems.map((item) => item.querySelector('time')?.getAttribute('datetime'))).toEqual([
      '2020-01-13',
      '2020-01-06',
    ]);
    expect(heldItems[0]?.textContent).toContain('13:00–14:30');
    expect(heldItems[0]?.textContent).toContain('Absent');
    expect(heldItems[0]?.textContent).toContain('Reason: Fever, note from a doctor');
    expect(heldItems[1]?.textContent).toContain('Late (10 min)');
    // Another class's sitting and a draft lesson's are not the student's.
    expect(screen.queryByText(/Draft lesson/)).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('says so when the student has no sittings yet', async () => {
    database = await openTestDatabase('student-attendance-empty');
    renderList(database);
    expect(await screen.findByText('No sittings yet.')).toBeTruthy();
  });
});
