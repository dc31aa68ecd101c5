import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttendanceStatus } from '../../domain/attendance';
import { LessonType, PlanPublish, PublishState } from '../../domain/lessons';
import { CALL_ROLES, type CallKey, canCall, isStateChangingCall } from '../../domain/permissions';
import { StickyType } from '../../domain/stickies';
import { SYNC_COLLECTION_ROLES, SyncCollection } from '../../domain/sync';
import { achievementId, attendanceId, planIdOf } from '../../domain/sync-ids';
import type { Database } from '../db/client';
import {
  achievements,
  attendances,
  classStudents,
  lessons,
  memos,
  plans,
  students,
  subjects,
} from '../db/schema';
import { nextSequence } from '../db/sequence';
import { createScoreClassFixture } from '../testing/achievement-fixture';
import { type MatrixKind, type MatrixWho, ROLE_OF_WHO, tableAllows } from '../testing/matrix-facts';
import {
  type ClassPlace,
  createMatrixSchool,
  freshLesson,
  freshNotification,
  freshRequest,
  freshScoreName,
  freshSitting,
  freshSticky,
  type MatrixSchool,
} from '../testing/matrix-fixture';
import { paramNamesOf, pathWith, registeredRoutes } from '../testing/registered-routes';
import { buildTestApp, DEMO_ACCOUNTS, signIn, type TestApp, type TestSession } from '../testing/test-app';
import { COLLECTION_ENTITIES } from './entities';
import type { Entity } from './rules';

// Issue #41: the read side of the authorisation matrix, generated from the rules' table. For every sync
// collection and every row-bound read call, for every role, on one row of each kind, the answer expected is
// the table's (`ACCESS_RULES`, docs/access.md), not one written here: a pull holds the row exactly when the
// role's reach covers it, and a REST read answers exactly then. What the test writes down is only the
// fixture's facts: which reaches each demo account meets on each kind of row (`MEETS`).

const WHO = [
  'observer',
  'teacher',
  'admin',
  'superAdmin',
  'student',
  'guardian',
] as const satisfies readonly MatrixWho[];
type Who = MatrixWho;
type Kind = MatrixKind;
const ROLE_OF = ROLE_OF_WHO;
const mayRead = (entity: Entity, who: Who, kind: Kind) => tableAllows(entity, 'read', who, kind);

/** A fixture row of a collection: its entity, kind and id (for the caller, when it is addressed to them). */
interface PulledRow {
  entity: Entity;
  kind: Kind;
  id: (who: Who) => string;
}

let t: TestApp;
let db: Database;
let school: MatrixSchool;
/** The places of the class kinds, each with a published lesson and one sitting of it, and a plan. */
const places = {} as Record<'owned' | 'sameSubject' | 'otherSubject' | 'unpublishedSubject', ClassPlace>;
const sittings = {} as Record<Exclude<Kind, 'own' | 'foreign'>, { lessonId: string; scheduleId: string }>;
const sessions = new Map<Who, TestSession>();
const rows = new Map<SyncCollection, PulledRow[]>();

const session = (who: Who): TestSession => {
  const found = sessions.get(who);
  if (!found) throw new Error(`no session for ${who}`);
  return found;
};

function addRow(collection: SyncCollection, entity: Entity, kind: Kind, id: string | ((who: Who) => string)) {
  rows.set(collection, [
    ...(rows.get(collection) ?? []),
    { entity, kind, id: typeof id === 'string' ? () => id : id },
  ]);
}

/** A subject like the owned one, taught by the demo teacher with the demo student seated, then unpublished. */
async function unpublishedPlace(): Promise<ClassPlace> {
  const f = await createScoreClassFixture(db);
  await db.update(subjects).set({ publish: PublishState.draft }).where(eq(subjects.id, f.subjectId));
  const [seat] = await db
    .select()
    .from(classStudents)
    .where(eq(classStudents.subjectStudentId, f.ownEnrolment));
  if (!seat) throw new Error('no seat in the unpublished subject');
  return {
    subjectId: f.subjectId,
    universityId: f.universityId,
    classId: f.classId,
    lessonId: f.lessonId,
    examId: f.examId,
    classStudentId: seat.id,
    subjectStudentId: f.ownEnrolment,
    studentId: seat.studentId,
    identity: 'unpublished',
  };
}

async function insertMark(place: ClassPlace, scheduleId: string): Promise<string> {
  const id = attendanceId(place.classStudentId, scheduleId);
  await db.transaction(async (tx) => {
    await tx.insert(attendances).values({
      id,
      subjectId: place.subjectId,
      universityId: place.universityId,
      classStudentId: place.classStudentId,
      studentId: place.studentId,
      scheduleId,
      status: AttendanceStatus.present,
      seq: await nextSequence(tx),
    });
  });
  return id;
}

async function insertScore(place: ClassPlace): Promise<string> {
  const scoreNameId = await freshScoreName(db, place);
  const id = achievementId(place.subjectStudentId, scoreNameId);
  await db.transaction(async (tx) => {
    await tx.insert(achievements).values({
      id,
      subjectId: place.subjectId,
      universityId: place.universityId,
      subjectStudentId: place.subjectStudentId,
      studentId: place.studentId,
      scoreNameId,
      fullScore: 100,
      points: 80,
      seq: await nextSequence(tx),
    });
  });
  return id;
}

async function insertPlan(place: ClassPlace, sitting: { lessonId: string; scheduleId: string }) {
  const id = planIdOf(sitting.scheduleId);
  await db.transaction(async (tx) => {
    await tx.insert(plans).values({
      id,
      subjectId: place.subjectId,
      universityId: place.universityId,
      lessonId: sitting.lessonId,
      scheduleId: sitting.scheduleId,
      publish: PlanPublish.published,
      lessonType: LessonType.lesson,
      content: '<p>計画</p>',
      seq: await nextSequence(tx),
    });
  });
  return id;
}

async function insertMemo(place: ClassPlace, authorId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(memos)
      .values({
        subjectId: place.subjectId,
        universityId: place.universityId,
        message: 'メモ',
        authorId,
        seq: await nextSequence(tx),
      })
      .returning({ id: memos.id });
    if (!row) throw new Error('no memo');
    return row.id;
  });
}

async function userIdOfStudent(studentId: string): Promise<string> {
  const [row] = await db.select({ id: students.userId }).from(students).where(eq(students.id, studentId));
  if (!row) throw new Error(`no student ${studentId}`);
  return row.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  db = t.db;
  school = await createMatrixSchool(db);
  places.owned = school.owned;
  places.sameSubject = school.sameSubject;
  places.otherSubject = school.otherSubject;
  places.unpublishedSubject = await unpublishedPlace();
  // The class kinds' lessons are published: only the unpublished subject and the draft lesson are drafts.
  await db
    .update(lessons)
    .set({ publish: PublishState.published })
    .where(inArray(lessons.id, [...new Set(Object.values(places).map((place) => place.lessonId))]));
  for (const kind of ['owned', 'sameSubject', 'otherSubject', 'unpublishedSubject'] as const) {
    sittings[kind] = { lessonId: places[kind].lessonId, scheduleId: await freshSitting(db, places[kind]) };
  }
  sittings.draftLesson = await freshLesson(db, places.owned, {
    type: LessonType.lesson,
    publish: PublishState.draft,
  });
  const placeOf = (kind: Exclude<Kind, 'own' | 'foreign'>) =>
    kind === 'draftLesson' ? places.owned : places[kind];

  for (const kind of ['owned', 'otherSubject', 'unpublishedSubject'] as const) {
    addRow(SyncCollection.subjects, 'subject', kind, places[kind].subjectId);
  }
  for (const kind of ['owned', 'sameSubject', 'otherSubject', 'unpublishedSubject'] as const) {
    const place = places[kind];
    addRow(SyncCollection.subjects, 'subject', kind, place.classId);
    addRow(SyncCollection.attendance, 'classWork', kind, await insertMark(place, sittings[kind].scheduleId));
    addRow(SyncCollection.achievements, 'classWork', kind, await insertScore(place));
    addRow(SyncCollection.requests, 'request', kind, await freshRequest(db, place));
    addRow(SyncCollection.people, 'person', kind, await userIdOfStudent(place.studentId));
  }
  for (const kind of ['owned', 'otherSubject', 'unpublishedSubject', 'draftLesson'] as const) {
    addRow(SyncCollection.lessons, 'lesson', kind, sittings[kind].lessonId);
  }
  for (const kind of ['owned', 'sameSubject', 'otherSubject', 'unpublishedSubject', 'draftLesson'] as const) {
    addRow(SyncCollection.schedules, 'lesson', kind, sittings[kind].scheduleId);
    addRow(SyncCollection.notes, 'plan', kind, await insertPlan(placeOf(kind), sittings[kind]));
  }
  for (const kind of ['owned', 'otherSubject', 'unpublishedSubject'] as const) {
    addRow(SyncCollection.notes, 'staffNote', kind, await insertMemo(places[kind], school.userIds.admin));
  }

  for (const who of WHO) sessions.set(who, await signIn(t.app, DEMO_ACCOUNTS[who]));
  const own = new Map<Who, { notification: string; sticky: string }>();
  for (const who of WHO) {
    own.set(who, {
      notification: await freshNotification(db, school.userIds[who]),
      // A student's dashboard holds only the cards meant for students (their highlights).
      sticky: await freshSticky(
        db,
        school.userIds[who],
        school.owned,
        who === 'student' ? StickyType.highlightAttendance : StickyType.memo,
      ),
    });
  }
  const ownOf = (who: Who) => {
    const found = own.get(who);
    if (!found) throw new Error(`no own rows of ${who}`);
    return found;
  };
  addRow(SyncCollection.notifications, 'notification', 'own', (who) => ownOf(who).notification);
  addRow(
    SyncCollection.notifications,
    'notification',
    'foreign',
    await freshNotification(db, school.userIds.teacher2),
  );
  addRow(SyncCollection.stickies, 'sticky', 'own', (who) => ownOf(who).sticky);
  addRow(
    SyncCollection.stickies,
    'sticky',
    'foreign',
    await freshSticky(db, school.userIds.teacher2, school.owned),
  );
}, 240_000);

afterAll(async () => {
  await t?.close();
});

/** Every id of a collection's pull for a caller, page by page; null when the pull is refused. */
async function pulledIds(collection: SyncCollection, who: Who): Promise<Set<string> | null> {
  const ids = new Set<string>();
  let checkpoint: unknown = null;
  for (let page = 0; page < 200; page++) {
    const query = new URLSearchParams({ limit: '500' });
    if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/sync/${collection}/pull?${query}`,
      headers: session(who).headers(),
    });
    if (response.statusCode === 403) return null;
    if (response.statusCode !== 200) throw new Error(`${collection} pull as ${who}: ${response.statusCode}`);
    const body = response.json() as { documents: { id: string }[]; checkpoint: unknown };
    for (const doc of body.documents) ids.add(doc.id);
    checkpoint = body.checkpoint;
    if (body.documents.length < 500) return ids;
  }
  throw new Error(`${collection} pull as ${who} did not end within 200 pages`);
}

describe('sync pulls hold exactly the rows the rules let each role read', () => {
  it('every collection names the entities of its rows', () => {
    expect(Object.keys(COLLECTION_ENTITIES).sort()).toEqual(Object.values(SyncCollection).sort());
  });

  for (const collection of Object.values(SyncCollection)) {
    it(collection, async () => {
      const fixture = rows.get(collection) ?? [];
      if (collection !== SyncCollection.master) {
        expect(fixture.length, `the matrix has no rows of ${collection}`).toBeGreaterThan(0);
      }
      for (const row of fixture) {
        expect(COLLECTION_ENTITIES[collection], `${collection} does not list ${row.entity}`).toContain(
          row.entity,
        );
      }
      const actual: Record<string, Record<Who, boolean>> = {};
      const expected: Record<string, Record<Who, boolean>> = {};
      for (const who of WHO) {
        const pulled = await pulledIds(collection, who);
        const rolePulls = SYNC_COLLECTION_ROLES[collection].pull.includes(ROLE_OF[who]);
        expect(pulled !== null, `${collection} pull as ${who}: refused or not by the role table`).toBe(
          rolePulls,
        );
        for (const row of fixture) {
          const name = `${row.entity} ${row.kind}`;
          actual[name] = { ...actual[name], [who]: pulled?.has(row.id(who)) ?? false } as Record<
            Who,
            boolean
          >;
          expected[name] = {
            ...expected[name],
            [who]: rolePulls && mayRead(row.entity, who, row.kind),
          } as Record<Who, boolean>;
        }
      }
      expect(actual).toEqual(expected);
    });
  }
});

/**
 * A row-bound read: the entity it reads, the kinds it is asked on, and how its parameters are filled for a
 * kind (by name from the kind's place; `id` and other ambiguous names per call). `listed` reads a list and
 * says whether the kind's row is in it; without it, any 2xx answer is a read.
 */
interface RowRead {
  entity: Entity;
  kinds: readonly Kind[];
  params?: (kind: Kind, who: Who) => Record<string, string>;
  listed?: (body: unknown, kind: Kind) => boolean;
}

const CLASS_KINDS = ['owned', 'sameSubject', 'otherSubject', 'unpublishedSubject'] as const;
const SUBJECT_KINDS = ['owned', 'otherSubject', 'unpublishedSubject'] as const;
const LESSON_KINDS = ['owned', 'otherSubject', 'unpublishedSubject', 'draftLesson'] as const;

function classPlaceOf(kind: Kind): ClassPlace {
  if (kind === 'draftLesson') return places.owned;
  if (kind === 'own' || kind === 'foreign') throw new Error(`${kind} has no class`);
  return places[kind];
}

/** What the class kinds' subjects are filed under: the report cascade's keys. */
const subjectKeys = new Map<Kind, { subjectNameId: string; facultyId: string; yearCodeId: string }>();
const examNameIds = new Map<Kind, string>();
const requestIds = new Map<Kind, string>();
const stickyIds = new Map<Who | 'foreign', string>();

/** The parameters a kind fills by name. */
function paramsByName(kind: Kind): Record<string, string> {
  if (kind === 'own' || kind === 'foreign') return {};
  const place = classPlaceOf(kind);
  const sitting = sittings[kind];
  return {
    subjectId: place.subjectId,
    subjectClassId: place.classId,
    classId: place.classId,
    lessonId: sitting.lessonId,
    scheduleId: sitting.scheduleId,
    planId: planIdOf(sitting.scheduleId),
    studentId: place.studentId,
    requestId: requestIds.get(kind) ?? '',
    ...(subjectKeys.get(kind) ?? {}),
  };
}

const idsOf = (rows: unknown, pick: (row: Record<string, unknown>) => unknown): string[] =>
  (Array.isArray(rows) ? rows : []).map((row) => String(pick(row as Record<string, unknown>)));

const studentIdsOf = (body: unknown): string[] =>
  idsOf((body as { students?: unknown }).students, (row) => {
    const student = row.student as { id?: string } | undefined;
    return student?.id ?? row.id;
  });

const withSubjectId = { params: (kind: Kind) => ({ id: classPlaceOf(kind).subjectId }) };
const withClassId = { params: (kind: Kind) => ({ id: classPlaceOf(kind).classId }) };

/** The row-bound reads, by call. */
const ROW_READS: Partial<Record<CallKey, RowRead>> = {
  // The class sheets and what they hold: the class work rule (issue #41, hole 3).
  'GET /api/attendance/:subjectClassId': { entity: 'classWork', kinds: CLASS_KINDS },
  'GET /api/attendance/students-highlight/:subjectId/:subjectClassId': {
    entity: 'classWork',
    kinds: CLASS_KINDS,
  },
  'GET /api/exchange-attendance/:id/:apply': {
    entity: 'classWork',
    kinds: CLASS_KINDS,
    params: (kind) => ({ id: classPlaceOf(kind).classStudentId, apply: '1' }),
  },
  'GET /api/achievement/:subjectClassId': { entity: 'classWork', kinds: CLASS_KINDS },
  'GET /api/achievement/scoreNames/:subjectClassId': { entity: 'classWork', kinds: CLASS_KINDS },
  'GET /api/achievement/students-total-score-highlight/:subjectId/:subjectClassId': {
    entity: 'classWork',
    kinds: CLASS_KINDS,
  },
  // Plans: a student's reach needs the plan, its lesson and its subject published (hole 1).
  'GET /api/academic/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId/plan/:planId': {
    entity: 'plan',
    kinds: ['owned', 'sameSubject', 'otherSubject', 'unpublishedSubject', 'draftLesson'],
  },
  // Reports count the classes the reader's reports cover (hole 4).
  'GET /api/attendance/report/students/:id': {
    entity: 'classReport',
    kinds: CLASS_KINDS,
    ...withSubjectId,
    listed: (body, kind) => studentIdsOf(body).includes(classPlaceOf(kind).studentId),
  },
  'GET /api/attendance/report/classes/:id': {
    entity: 'classReport',
    kinds: CLASS_KINDS,
    ...withSubjectId,
    listed: (body, kind) =>
      idsOf((body as { classes?: unknown }).classes, (row) => row.id).includes(classPlaceOf(kind).classId),
  },
  'GET /api/report/data-classes/:subjectNameId/:facultyId/:yearCodeId': {
    entity: 'classReport',
    kinds: CLASS_KINDS,
    listed: (body, kind) =>
      idsOf((body as { classes?: unknown }).classes, (row) => row.id).includes(classPlaceOf(kind).classId),
  },
  'GET /api/report/sub-scores/:lessonId/:examNameId': {
    entity: 'classReport',
    kinds: CLASS_KINDS,
    params: (kind) => ({ lessonId: classPlaceOf(kind).examId, examNameId: examNameIds.get(kind) ?? '' }),
    listed: (body, kind) => studentIdsOf(body).includes(classPlaceOf(kind).studentId),
  },
  // The subject and what hangs on it.
  'GET /api/academic/subjects/:subjectId': { entity: 'subject', kinds: SUBJECT_KINDS },
  'GET /api/academic/subjects/:subjectId/class/:classId': { entity: 'subject', kinds: CLASS_KINDS },
  'GET /api/academic/subjects/:subjectId/first-schedule-of-classes': {
    entity: 'subject',
    kinds: SUBJECT_KINDS,
  },
  'GET /api/academic/subjects/:subjectId/get-students-with-gpa': { entity: 'subject', kinds: SUBJECT_KINDS },
  'GET /api/academic/subjects/:subjectId/highlights': { entity: 'subject', kinds: SUBJECT_KINDS },
  'GET /api/academic/subjects/:subjectId/hidden-highlights': { entity: 'subject', kinds: SUBJECT_KINDS },
  'GET /api/academic/subjects/:subjectId/highlights/list-score': { entity: 'subject', kinds: SUBJECT_KINDS },
  'GET /api/academic/subjects/:subjectId/exams': { entity: 'subject', kinds: SUBJECT_KINDS },
  'GET /api/academic/subjects/:subjectId/teachers': { entity: 'subject', kinds: SUBJECT_KINDS },
  'GET /api/academic/subjects/:subjectId/head-teacher-admin': { entity: 'subject', kinds: SUBJECT_KINDS },
  'GET /api/attendance/classesBySubject/:subjectId': { entity: 'subject', kinds: SUBJECT_KINDS },
  'GET /api/attendance/dataFilter/:id': { entity: 'subject', kinds: CLASS_KINDS, ...withClassId },
  'GET /api/attendance/report/filter/:id': { entity: 'subject', kinds: SUBJECT_KINDS, ...withSubjectId },
  'GET /api/achievement/teacher-allow-update-final-score/:id': {
    entity: 'subject',
    kinds: SUBJECT_KINDS,
    ...withSubjectId,
  },
  'GET /api/academic/subjects/:subjectId/formula': { entity: 'formula', kinds: SUBJECT_KINDS },
  'GET /api/academic/subjects/:subjectId/lessons': { entity: 'lesson', kinds: SUBJECT_KINDS },
  'GET /api/academic/subjects/:subjectId/lessons-draft': { entity: 'lesson', kinds: SUBJECT_KINDS },
  'GET /api/academic/subjects/:subjectId/assist-lessons': { entity: 'lesson', kinds: SUBJECT_KINDS },
  'GET /api/academic/subjects/:subjectId/lessons/:lessonId/detail': { entity: 'lesson', kinds: LESSON_KINDS },
  'GET /api/academic/subjects/:subjectId/lessons/:lessonId/studentsInLesson': {
    entity: 'lesson',
    kinds: LESSON_KINDS,
  },
  'GET /api/academic/subjects/:subjectId/lessons/:lessonId/get-score-names': {
    entity: 'lesson',
    kinds: LESSON_KINDS,
  },
  'GET /api/academic/subjects/:subjectId/notes': { entity: 'staffNote', kinds: SUBJECT_KINDS },
  'GET /api/memo/:subjectId/check-teacher-in-subject': { entity: 'staffNote', kinds: SUBJECT_KINDS },
  // People, requests and cards.
  'GET /api/students/:studentId': { entity: 'student', kinds: CLASS_KINDS },
  'GET /api/students/:studentId/achievement-attendance': { entity: 'student', kinds: CLASS_KINDS },
  'GET /api/students/:studentId/data-request': { entity: 'student', kinds: CLASS_KINDS },
  // A student's privacy (issue 46): the access log of a student, and the whole record out.
  'GET /api/students/:studentId/access-log': { entity: 'student', kinds: CLASS_KINDS },
  'GET /api/students/:studentId/record': { entity: 'student', kinds: CLASS_KINDS },
  // Who looked at a student's record: the student themself and their guardians (requireOwnOrWard).
  'GET /api/students/:studentId/who-looked': { entity: 'student', kinds: CLASS_KINDS },
  'GET /api/requests/:requestId': { entity: 'request', kinds: CLASS_KINDS },
  'GET /api/sticky/:stickyId': {
    entity: 'sticky',
    kinds: ['own', 'foreign'],
    params: (kind, who) => ({ stickyId: stickyIds.get(kind === 'own' ? who : 'foreign') ?? '' }),
  },
};

/** What a row-bound read answered: whether the row was read. */
async function readOnce(key: CallKey, read: RowRead, kind: Kind, who: Who): Promise<boolean> {
  const values = { ...paramsByName(kind), ...(read.params?.(kind, who) ?? {}) };
  const url = pathWith(key, values);
  const response = await t.app.inject({ method: 'GET', url, headers: session(who).headers() });
  expect(response.statusCode, `${key} ${kind} as ${who}: ${response.body}`).toBeLessThan(500);
  if (response.statusCode !== 200) return false;
  return read.listed ? read.listed(response.json(), kind) : true;
}

describe('REST reads answer exactly the rows the rules let each role read', () => {
  beforeAll(async () => {
    for (const kind of CLASS_KINDS) {
      const place = classPlaceOf(kind);
      const [exam] = await db
        .select({ examNameId: lessons.examNameId })
        .from(lessons)
        .where(eq(lessons.id, place.examId));
      examNameIds.set(kind, exam?.examNameId ?? '');
      const [subject] = await db.select().from(subjects).where(eq(subjects.id, place.subjectId));
      subjectKeys.set(kind, {
        subjectNameId: subject?.subjectNameId ?? '',
        facultyId: subject?.facultyId ?? '',
        yearCodeId: subject?.yearCodeId ?? '',
      });
      const request = (rows.get(SyncCollection.requests) ?? []).find((row) => row.kind === kind);
      if (request) requestIds.set(kind, request.id('admin'));
    }
    for (const row of rows.get(SyncCollection.stickies) ?? []) {
      if (row.kind === 'foreign') stickyIds.set('foreign', row.id('admin'));
      else for (const who of WHO) stickyIds.set(who, row.id(who));
    }
  });

  for (const [key, read] of Object.entries(ROW_READS) as [CallKey, RowRead][]) {
    it(key, async () => {
      const actual: Record<string, Record<Who, boolean>> = {};
      const expected: Record<string, Record<Who, boolean>> = {};
      for (const kind of read.kinds) {
        actual[kind] = {} as Record<Who, boolean>;
        expected[kind] = {} as Record<Who, boolean>;
        for (const who of WHO) {
          actual[kind][who] = await readOnce(key, read, kind, who);
          expected[kind][who] = canCall(ROLE_OF[who], key) && mayRead(read.entity, who, kind);
        }
      }
      expect(actual).toEqual(expected);
    });
  }

  it('every registered read that names a row is in the matrix or says where it is covered', () => {
    const rowBound = new Set(
      registeredRoutes(t.app)
        .filter((route) => !isStateChangingCall(route.key) && paramNamesOf(route.key).length > 0)
        .map((route) => route.key),
    );
    const listed = new Set<string>([...Object.keys(ROW_READS), ...Object.keys(READS_COVERED_ELSEWHERE)]);
    expect([...rowBound].filter((key) => !listed.has(key))).toEqual([]);
    expect([...listed].filter((key) => !(key in CALL_ROLES))).toEqual([]);
  });
});

/**
 * Row-bound reads whose rule another test shows, or whose parameters name no row of a student or a class,
 * each with where and why. Kept short: a read that answers rows of the table's entities belongs above.
 */
const READS_COVERED_ELSEWHERE: Partial<Record<CallKey, string>> = {
  'GET /api/sync/:collection/pull': 'the pulls above, collection by collection',
  'GET /api/users/:userId/sign-in-methods':
    'how an account signs in, admins only by the role table: server/modules/auth/oidc.test.ts (an admin reads it, a student is refused)',
  'GET /api/students/:studentId/guardians':
    'a student’s guardians, admins only by the role table: server/modules/people/people.test.ts (role × call matrix)',
  'GET /api/users/:userId/access-log':
    'the reads a staff member made, admins only by the role table: server/modules/privacy/privacy.test.ts',
  'GET /api/attendance/history/:scheduleId':
    'a sitting’s changes, each kept to the class work rule of its mark’s class: server/modules/attendance/attendance.test.ts',
  'GET /api/master-setting/:segment/search': 'master data, admins only by the role table (role-only reads)',
  'GET /api/master-setting/year-codes/university/:universityId/faculty/:facultyId':
    'master data, admins only by the role table (role-only reads)',
  'GET /api/academic/subjects/:subjectId/highlights/:highlightId':
    'one highlight of a subject: server/modules/highlights/highlights.test.ts (the subject rule, as the list above)',
  'GET /api/academic/subjects/:subjectId/score-names/:scoreNameId/get-list-students':
    'an exam’s students by score name: server/modules/subjects/subjects.test.ts',
  'GET /api/achievement/:subjectClassId/sub-scores-achievements/:scoreNameId':
    'a class’s sub-scores by score name: server/modules/achievement/achievement.test.ts (classForUser, the class work rule)',
  'GET /api/student-exam/subjects/:subjectId/score-names/:scoreNameId':
    'an exam’s score entry: server/modules/achievement/achievement.test.ts',
  'GET /api/attendance/subjectsByYearCode/:facultyId/:yearCodeId':
    'a cascade of subject names under visible subjects (subjectScope), naming no student',
  'GET /api/attendance/university/:universityId/faculty/:facultyId':
    'a cascade of year codes under visible subjects (subjectScope), naming no student',
  'GET /api/schedules/:university/:faculty/:yearCode/:month/month/school':
    'calendars: server/modules/schedules/schedules.test.ts (calendarScope)',
  'GET /api/schedules/:faculty/:yearCode/:month/month/teacher':
    'calendars: server/modules/schedules/schedules.test.ts',
  'GET /api/schedules/:month/month/student': 'calendars: server/modules/schedules/schedules.test.ts',
  'GET /api/schedules/:university/:faculty/:yearCode/:first/:last/week/school':
    'calendars: server/modules/schedules/schedules.test.ts',
  'GET /api/schedules/:first/:last/week/teacher': 'calendars: server/modules/schedules/schedules.test.ts',
  'GET /api/schedules/:firstDayOfWeek/:lastDayOfWeek/week/student':
    'calendars: server/modules/schedules/schedules.test.ts',
  'GET /api/schedules/:faculty/:yearCode/:day/day/teacher':
    'calendars: server/modules/schedules/schedules.test.ts',
  'GET /api/schedules/:day/day/student': 'calendars: server/modules/schedules/schedules.test.ts',
  'GET /api/schedules/year-code-by-faculty/university/:universityId/faculty/:facultyId':
    'a cascade of year codes, naming no student',
  'GET /api/teachers/:teacherId/timesheet/:year':
    'a teacher’s own timesheet (mayReadTimesheet): server/modules/schedules/schedules.test.ts',
  'GET /api/students/data-filter/:yearCodeId/:facultyId': 'filter choices, naming no student',
  'GET /api/teachers/:teacherId': 'staff accounts: server/modules/people/people.test.ts',
  'GET /api/users/:userId': 'administrators, the admins screen’s roles: server/modules/people/people.test.ts',
  'GET /api/report/universities/:universityId/subject-name': 'a cascade of names under visible subjects',
  'GET /api/report/universities/:universityId/subject-name/:subjectNameId/faculty':
    'a cascade of names under visible subjects',
  'GET /api/report/universities/:universityId/subject-name/:subjectNameId/faculty/:facultyId/year-code':
    'a cascade of names under visible subjects',
  'GET /api/report/universities/:universityId/year-codes/:subjectNameId':
    'a cascade of names under visible subjects',
  'GET /api/report/year-code/sub-scores/:lessonId/:examNameId':
    'averages per year code, naming no student, counted over the classes of classReportScope',
  'GET /api/viblo-event/:eventId': 'events, open to every role (role-only reads)',
};
