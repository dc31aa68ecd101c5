import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublishState } from '../../../domain/lessons';
import { MasterKind } from '../../../domain/master-kind';
import { Role } from '../../../domain/roles';
import { SubjectDocKind } from '../../../domain/sync-docs';
import { openTestDatabase, subjectRow } from '../../db/database-test-helper';
import type { SchoolDatabase } from '../../db/open-database';
import { calendarSittings$ } from './use-calendar';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const SUBJECT = id(1);
const DRAFT_SUBJECT = id(2);
const CLASS_A = id(10);
const CLASS_B = id(11);
const LESSON = id(20);
const DRAFT_LESSON = id(21);
const TEACHER = id(30);
const OTHER_TEACHER = id(31);
const STUDENT_USER = id(40);
const STUDENT = id(41);
const YEAR_CODE = id(50);
const SUBJECT_NAME = id(51);
const CLASS_NAME = id(52);
const ROOM = id(53);

const master = (rowId: string, kind: MasterKind, name: string, color: string | null = null) => ({
  id: rowId,
  kind,
  name,
  universityId: null,
  facultyId: null,
  subjectNameId: null,
  color,
  startDate: null,
  endDate: null,
  updatedAt: 1,
});

const lesson = (lessonId: string, publish: number, subjectId = SUBJECT) => ({
  id: lessonId,
  subjectId,
  universityId: id(99),
  name: publish === PublishState.published ? '第1回' : '下書き',
  type: 0,
  publish,
  tableOfContents: null,
  overview: null,
  minutes: null,
  examNameId: null,
  assistApply: false,
  assistStatus: 0,
  updatedAt: 1,
});

const schedule = (
  n: number,
  fields: {
    day: string;
    startTime: string;
    classId?: string;
    lessonId?: string;
    subjectId?: string;
    teacherIds?: string[];
  },
) => ({
  id: id(n),
  subjectId: fields.subjectId ?? SUBJECT,
  universityId: id(99),
  lessonId: fields.lessonId ?? LESSON,
  classId: fields.classId ?? CLASS_A,
  day: fields.day,
  startTime: fields.startTime,
  endTime: '23:00',
  roomId: ROOM,
  teacherIds: fields.teacherIds ?? [],
  updatedAt: 1,
});

async function school(): Promise<SchoolDatabase> {
  const db = await openTestDatabase('calendar');
  await db.master.bulkInsert([
    master(YEAR_CODE, MasterKind.yearCodes, '2026A', '#e53935'),
    master(SUBJECT_NAME, MasterKind.subjectNames, '日本語'),
    master(CLASS_NAME, MasterKind.classNames, 'A組'),
    master(ROOM, MasterKind.rooms, '101'),
  ]);
  await db.subjects.bulkInsert([
    subjectRow({
      id: SUBJECT,
      kind: SubjectDocKind.subject,
      subjectId: SUBJECT,
      subjectNameId: SUBJECT_NAME,
      yearCodeId: YEAR_CODE,
      publish: PublishState.published,
    }),
    subjectRow({
      id: DRAFT_SUBJECT,
      kind: SubjectDocKind.subject,
      subjectId: DRAFT_SUBJECT,
      publish: PublishState.draft,
    }),
    subjectRow({
      id: CLASS_A,
      kind: SubjectDocKind.subjectClass,
      subjectId: SUBJECT,
      classNameId: CLASS_NAME,
      teacherIds: [TEACHER],
    }),
    subjectRow({
      id: CLASS_B,
      kind: SubjectDocKind.subjectClass,
      subjectId: SUBJECT,
      classNameId: CLASS_NAME,
    }),
    subjectRow({
      id: id(60),
      kind: SubjectDocKind.classStudent,
      subjectId: SUBJECT,
      classId: CLASS_B,
      studentId: STUDENT,
    }),
  ]);
  await db.lessons.bulkInsert([
    lesson(LESSON, PublishState.published),
    lesson(DRAFT_LESSON, PublishState.draft),
  ]);
  await db.people.bulkInsert([
    {
      id: TEACHER,
      role: Role.teacher,
      name: '田中 一郎',
      nameKana: null,
      email: null,
      avatar: null,
      retireAt: null,
      deactivated: false,
      studentId: null,
      identity: null,
      universityId: null,
      facultyId: null,
      yearCodeId: null,
      updatedAt: 1,
    },
    {
      id: STUDENT_USER,
      role: Role.student,
      name: 'An',
      nameKana: null,
      email: null,
      avatar: null,
      retireAt: null,
      deactivated: false,
      studentId: STUDENT,
      identity: 'S-1',
      universityId: null,
      facultyId: null,
      yearCodeId: null,
      updatedAt: 1,
    },
  ]);
  await db.schedules.bulkInsert([
    schedule(100, { day: '2026-04-10', startTime: '13:00' }),
    schedule(101, { day: '2026-04-10', startTime: '09:00', classId: CLASS_B, teacherIds: [OTHER_TEACHER] }),
    schedule(102, { day: '2026-04-11', startTime: '09:00', lessonId: DRAFT_LESSON }),
    schedule(103, { day: '2026-04-11', startTime: '10:00', subjectId: DRAFT_SUBJECT }),
    schedule(104, { day: '2026-05-01', startTime: '09:00' }),
  ]);
  return db;
}

const APRIL = { first: '2026-04-01', last: '2026-04-30' };
const ALL_PLACES = { kind: 'school', universityId: null, facultyId: null, yearCodeId: null } as const;

describe('the calendars read from the local database', () => {
  it('show the published sittings of the range in time order, named and coloured, drafts never', async () => {
    database = await school();
    const sittings = await firstValueFrom(calendarSittings$(database, APRIL, ALL_PLACES));
    expect(sittings.map((sitting) => sitting.id)).toEqual([id(101), id(100)]);
    expect(sittings[1]).toMatchObject({
      subjectName: '日本語',
      lessonName: '第1回',
      className: 'A組',
      roomName: '101',
      color: '#e53935',
      teacherNames: ['田中 一郎'],
    });
  });

  it('keep a teacher to the sittings they are named on or whose class they are in charge of', async () => {
    database = await school();
    const own = await firstValueFrom(
      calendarSittings$(database, APRIL, { kind: 'teacher', teacherIds: [TEACHER] }),
    );
    expect(own.map((sitting) => sitting.id)).toEqual([id(100)]);
    const other = await firstValueFrom(
      calendarSittings$(database, APRIL, { kind: 'teacher', teacherIds: [OTHER_TEACHER] }),
    );
    expect(other.map((sitting) => sitting.id)).toEqual([id(101)]);
  });

  it('keep a student to the sittings of the classes they sit in', async () => {
    database = await school();
    const mine = await firstValueFrom(
      calendarSittings$(database, APRIL, { kind: 'student', userId: STUDENT_USER }),
    );
    expect(mine.map((sitting) => sitting.id)).toEqual([id(101)]);
    const nobody = await firstValueFrom(
      calendarSittings$(database, APRIL, { kind: 'student', userId: TEACHER }),
    );
    expect(nobody).toEqual([]);
  });

  it('show a student the other classes’ sittings of a published assist lesson of their subject, marked', async () => {
    database = await school();
    const mine = () =>
      firstValueFrom(
        calendarSittings$(database as SchoolDatabase, APRIL, { kind: 'student', userId: STUDENT_USER }),
      );
    const assist = { assistApply: true, assistStatus: PublishState.published };
    const stored = await database.lessons.findOne(LESSON).exec();
    // Opened to other classes but not published yet: still only their own class's sitting.
    await stored?.incrementalPatch({ assistApply: true, assistStatus: PublishState.draft });
    expect((await mine()).map((sitting) => sitting.id)).toEqual([id(101)]);
    await stored?.incrementalPatch(assist);
    const sittings = await mine();
    expect(sittings.map((sitting) => [sitting.id, sitting.assist])).toEqual([
      [id(101), false],
      [id(100), true],
    ]);
    // An exam is never an assist lesson, whatever its setting says.
    await stored?.incrementalPatch({ type: 1 });
    expect((await mine()).map((sitting) => sitting.id)).toEqual([id(101)]);
  });

  it('filter the school calendar by year code', async () => {
    database = await school();
    const other = await firstValueFrom(
      calendarSittings$(database, APRIL, { ...ALL_PLACES, yearCodeId: id(77) }),
    );
    expect(other).toEqual([]);
    const mine = await firstValueFrom(
      calendarSittings$(database, APRIL, { ...ALL_PLACES, yearCodeId: YEAR_CODE }),
    );
    expect(mine).toHaveLength(2);
  });

  it('show a sitting published after the calendar opened without asking again', async () => {
    database = await school();
    const seen: string[][] = [];
    const subscription = calendarSittings$(database, APRIL, ALL_PLACES).subscribe((sittings) =>
      seen.push(sittings.map((sitting) => sitting.id)),
    );
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).not.toContain(id(102));
    await database.lessons.upsert(lesson(DRAFT_LESSON, PublishState.published));
    await vi.waitFor(() => expect(seen.at(-1)).toContain(id(102)));
    subscription.unsubscribe();
  });
});
