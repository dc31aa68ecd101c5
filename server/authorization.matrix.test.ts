import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttendanceStatus } from '../domain/attendance';
import { weekdayIdOf } from '../domain/copy-subject';
import { HighlightCompare, HighlightCondition, HighlightType } from '../domain/highlights';
import { LessonType, PlanPublish, PublishState } from '../domain/lessons';
import { CALL_ROLES, callMethod, canCall, isStateChangingCall } from '../domain/permissions';
import { RequestStatus } from '../domain/request-status';
import { REQUEST_DECISION_SEGMENT, RequestOption, requestOptionMeaning } from '../domain/requests';
import { type AccountRole, Role } from '../domain/roles';
import { newRequestDoc } from '../domain/schemas/requests';
import { StickyStatus, StickyType } from '../domain/stickies';
import { SYNC_COLLECTION_ROLES, SyncCollection } from '../domain/sync';
import type { MasterDoc } from '../domain/sync-docs';
import {
  type AchievementDoc,
  type AttendanceDoc,
  type NoteDoc,
  NoteKind,
  sittingNoteDoc,
} from '../domain/sync-docs';
import { achievementId, attendanceId, planIdOf } from '../domain/sync-ids';
import type { SyncedDoc } from '../domain/sync-merge';
import { XLSX_MIME_TYPE } from '../domain/validation';
import type { Entity } from './access/rules';
import type { Database } from './db/client';
import {
  achievements,
  attendances,
  classStudents,
  highlights,
  lessons,
  memoSchedules,
  memos,
  notes,
  notifications,
  passkeys,
  planNotes,
  plans,
  pushSubscriptions,
  requests,
  schedules,
  sessions,
  stickies,
  students,
  subjectClasses,
  subjects,
  universities,
  users,
} from './db/schema';
import { stickiesCollection } from './modules/dashboard/collection';
import { lessonsCollection } from './modules/lessons/collection';
import { notificationsCollection } from './modules/notifications/collection';
import { peopleCollection } from './modules/people/collection';
import { requestsCollection } from './modules/requests/collection';
import { schedulesCollection } from './modules/schedules/collection';
import { subjectsCollection } from './modules/subjects/collection';
import type { SyncCollectionDef } from './sync/engine';
import { pullThrough } from './testing/calls';
import { type MatrixKind, tableAllows } from './testing/matrix-facts';
import {
  type ClassPlace,
  createMatrixSchool,
  freshLesson,
  freshNotification,
  freshPasskey,
  freshRequest,
  freshScoreName,
  freshSession,
  freshSitting,
  freshStaff,
  freshSticky,
  freshStudent,
  freshSubject,
  type MatrixSchool,
  seatInClass,
} from './testing/matrix-fixture';
import { PENDING_MATRIX_ROWS } from './testing/matrix-pending';
import { type RegisteredRoute, registeredRoutes, routeName } from './testing/registered-routes';
import {
  anonymous,
  buildTestApp,
  DEMO_ACCOUNTS,
  signIn,
  type TestApp,
  type TestSession,
} from './testing/test-app';
import { xlsxSheet } from './testing/xlsx';

// Issue #23: who may write which rows, asserted as one table per write path. Every state-changing call the
// server registers is either in ROW_MATRIX (owned and foreign rows, each role and no session), in ROLE_ONLY
// (calls with no row owner: each role and no session against CALL_ROLES), or in PENDING_MATRIX_ROWS (calls of
// areas merged later, each with the test that covers them); a new call in none of them fails the last test.

/** Who makes the call: the six demo accounts (the guardian is linked to the demo student), and a client with no session. */
const WHO = ['observer', 'teacher', 'admin', 'superAdmin', 'student', 'guardian', 'none'] as const;
type Who = (typeof WHO)[number];

const ROLE_OF: Record<Exclude<Who, 'none'>, AccountRole> = {
  observer: Role.observer,
  teacher: Role.teacher,
  admin: Role.admin,
  superAdmin: Role.superAdmin,
  student: Role.student,
  guardian: Role.guardian,
};

/** The rows a call is tried on (see `MatrixSchool`); `own` and `foreign` are rows of a user, not a class. */
type Target =
  | 'owned'
  | 'sameSubject'
  | 'otherSubject'
  | 'mixed'
  | 'own'
  | 'foreign'
  | 'decideOwned'
  | 'decideSameSubject'
  | 'decideOtherSubject'
  | 'cancelOwn'
  | 'cancelForeign'
  | 'cancelFiled'
  | 'fileForWard'
  | 'fileForOther'
  | 'schoolWide'
  | 'staffOfKind'
  | 'staffOfOtherKind'
  | 'planOwned'
  | 'planSameSubject'
  | 'planOtherSubject'
  | 'finalScoreLocked';

/** One attempt: the request, and whether its row was written afterwards. */
interface Attempt {
  send(session: TestSession): Promise<LightMyRequestResponse>;
  written(): Promise<boolean>;
}

/** What a cell shows: the status, `in-band <reason>` for a sync push's per-row refusal, `+ written`. */
type Outcome = string;

/** A row of the table: one outcome per caller, in WHO order. */
type Cells = Record<Who, Outcome>;

// The outcomes of the tables: written, refused, not signed in, not visible, refused in-band by a sync push.
const W = '200 written';
const CREATED = '201 written';
const OK = '200';
const F = '403';
const U = '401';
const NF = '404';
const BAD = '422';
const IB = 'in-band forbidden';

function cells(...outcomes: [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome]): Cells {
  return Object.fromEntries(WHO.map((who, index) => [who, outcomes[index]])) as Cells;
}

interface RowEntry {
  attempts: Partial<Record<Target, (who: Who) => Promise<Attempt>>>;
  expected: Partial<Record<Target, Cells>>;
}

let t: TestApp;
let db: Database;

/**
 * A card of its own for one attempt, made once the card refreshes that earlier cells' writes queued have run:
 * a refresh reconciles a subject's cards with its rules and could close this one under the attempt.
 */
async function freshCard(owner: string, type: Parameters<typeof freshSticky>[3]): Promise<string> {
  await t.app.appDeps.cardRefresh.settled();
  return freshSticky(db, owner, school.owned, type);
}
let school: MatrixSchool;
const clients = new Map<Who, TestSession>();

function client(who: Who): TestSession {
  const found = clients.get(who);
  if (!found) throw new Error(`no client ${who}`);
  return found;
}

beforeAll(async () => {
  t = await buildTestApp();
  db = t.db;
  school = await createMatrixSchool(db);
  for (const who of WHO) {
    clients.set(who, who === 'none' ? await anonymous(t.app) : await signIn(t.app, DEMO_ACCOUNTS[who]));
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const json = (session: TestSession, method: 'POST' | 'DELETE', url: string, payload: unknown) =>
  t.app.inject({ method, url, headers: session.headers(), payload: payload as Record<string, unknown> });

const upload = (session: TestSession, url: string, file: Buffer) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...session.headers(), 'content-type': XLSX_MIME_TYPE },
    payload: file,
  });

const push = (session: TestSession, collection: string, doc: unknown, base: unknown = null) =>
  json(session, 'POST', `/api/sync/${collection}/push`, {
    rows: [{ newDocumentState: doc, assumedMasterState: base }],
  });

async function exists(rows: Promise<unknown[]>): Promise<boolean> {
  return (await rows).length > 0;
}

const markWritten = (classStudentId: string, scheduleId: string) => () =>
  exists(
    db
      .select()
      .from(attendances)
      .where(eq(attendances.id, attendanceId(classStudentId, scheduleId))),
  );

const scoreWritten = (subjectStudentId: string, scoreNameId: string) => () =>
  exists(
    db
      .select()
      .from(achievements)
      .where(eq(achievements.id, achievementId(subjectStudentId, scoreNameId))),
  );

/** A mark of `student`'s seat at a new sitting of `sitting`'s class (the `mixed` target: another class's). */
async function attendanceTarget(target: Target): Promise<{ student: ClassPlace; sitting: ClassPlace }> {
  if (target === 'mixed') return { student: school.owned, sitting: school.sameSubject };
  const place = school[target as 'owned' | 'sameSubject' | 'otherSubject'];
  return { student: place, sitting: place };
}

function classPlace(target: Target): ClassPlace {
  return school[target as 'owned' | 'sameSubject' | 'otherSubject'];
}

/** The user whose own rows a caller is tried on (their own, or teacher2's as the foreign owner). */
function ownerOf(who: Who, target: Target): string {
  if (target === 'foreign' || who === 'none') return school.userIds.teacher2;
  return school.userIds[who];
}

const CLASS_TARGETS = ['owned', 'sameSubject', 'otherSubject'] as const;

function forTargets(
  targets: readonly Target[],
  make: (target: Target, who: Who) => Promise<Attempt>,
): RowEntry['attempts'] {
  return Object.fromEntries(targets.map((target) => [target, (who: Who) => make(target, who)]));
}

/** A pull-only collection's push: deleting a row about the owned class or another subject, refused in-band. */
function pullOnlyEntry<Doc extends SyncedDoc, Row>(
  name: SyncCollection,
  def: SyncCollectionDef<Doc, Row>,
): RowEntry {
  return {
    attempts: forTargets(['owned', 'otherSubject'], (target) =>
      pulledRowDeletion(name, def, classPlace(target)),
    ),
    expected: { owned: cells(F, IB, IB, F, IB, IB, U), otherSubject: cells(F, IB, IB, F, IB, IB, U) },
  };
}

/**
 * Class work (SPEC §6): the teacher writes their own class only, admins every class, nobody else; the
 * outcome of most score writes.
 */
const CLASS_WORK: RowEntry['expected'] = {
  owned: cells(F, W, W, F, F, F, U),
  sameSubject: cells(F, F, W, F, F, F, U),
  otherSubject: cells(F, F, W, F, F, F, U),
};

/** A score of a place's student under a new score name, sent to `url`. */
async function scoreAttempt(
  target: Target,
  url: (scoreNameId: string, place: ClassPlace) => string,
): Promise<Attempt> {
  const place = classPlace(target);
  const scoreNameId = await freshScoreName(db, place);
  return {
    send: (session) =>
      json(session, 'POST', url(scoreNameId, place), {
        achievements: [{ subjectStudentId: place.subjectStudentId, point: 50, comment: null }],
      }),
    written: scoreWritten(place.subjectStudentId, scoreNameId),
  };
}

/** A sub-score of a place's student under a new score name with one part, sent to `url`. */
async function subScoreAttempt(
  target: Target,
  url: (parentId: string, place: ClassPlace) => string,
  parentInBody: boolean,
): Promise<Attempt> {
  const place = classPlace(target);
  const parentId = await freshScoreName(db, place);
  const partId = await freshScoreName(db, place, parentId);
  const entry = { subjectStudentId: place.subjectStudentId, scoreNameId: partId, point: 5, comment: null };
  return {
    send: (session) =>
      json(session, 'POST', url(parentId, place), {
        ...(parentInBody ? { scoreNameId: parentId } : {}),
        achievements: [entry],
      }),
    written: scoreWritten(place.subjectStudentId, partId),
  };
}

/**
 * A request decision call (one per request type): staff reject a pending request of a student of the owned
 * class, of the other class of the subject, of another subject; a student cancels their own or another's.
 * The demo guardian (of the owned class's student) decides nothing and cancels only what they filed
 * (`cancelFiled`), not a request their child filed (`cancelOwn`); another family's requests are not theirs
 * to see (404).
 */
function decisionEntry(option: RequestOption): RowEntry {
  return {
    attempts: {
      decideOwned: () => restDecision(school.owned, RequestStatus.rejected, option),
      decideSameSubject: () => restDecision(school.sameSubject, RequestStatus.rejected, option),
      decideOtherSubject: () => restDecision(school.otherSubject, RequestStatus.rejected, option),
      cancelOwn: () => restDecision(school.owned, RequestStatus.cancelled, option),
      cancelForeign: () => restDecision(school.sameSubject, RequestStatus.cancelled, option),
      cancelFiled: () => restDecision(school.owned, RequestStatus.cancelled, option, school.userIds.guardian),
    },
    expected: {
      decideOwned: cells(F, W, W, F, F, F, U),
      decideSameSubject: cells(F, NF, W, F, NF, NF, U),
      decideOtherSubject: cells(F, NF, W, F, NF, NF, U),
      cancelOwn: cells(F, F, F, F, W, F, U),
      cancelForeign: cells(F, NF, F, F, NF, NF, U),
      // A request the guardian filed for the child: the guardian and the child may cancel it, staff decide.
      cancelFiled: cells(F, F, F, F, W, W, U),
    },
  };
}

/** Admins alone write it, whatever the row: the school-wide subject and people settings. */
const ADMINS_WRITE = cells(F, F, W, F, F, F, U);

/** The place's subject as a subject write body (its name, university, faculty and year code). */
async function subjectWriteOf(
  place: ClassPlace,
  classes: { class_name_id: string; teacher_ids: string[] }[],
) {
  const [row] = await db.select().from(subjects).where(eq(subjects.id, place.subjectId));
  if (!row?.facultyId || !row.yearCodeId) throw new Error('no subject to copy from');
  return {
    subject_name_id: row.subjectNameId,
    university_id: row.universityId,
    faculty_id: row.facultyId,
    year_code_id: row.yearCodeId,
    start_date: row.startDate,
    end_date: row.endDate,
    classes,
  };
}

async function subjectCount(): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(subjects);
  return row?.n ?? 0;
}

/** A new subject like the place's, whose class the demo teacher teaches (`owned`) or teacher2 does. */
function subjectOf(target: Target) {
  const teacher = target === 'owned' ? school.userIds.teacher : school.userIds.teacher2;
  return freshSubject(db, classPlace(target), teacher);
}

/** The demo student's university: the subjects open to their registration are there (SPEC §4). */
async function demoStudentUniversity(): Promise<string> {
  const [row] = await db.select().from(students).where(eq(students.id, school.owned.studentId));
  if (!row?.universityId) throw new Error('no demo student university');
  return row.universityId;
}

const seatOf = (studentId: string, classId: string) => () =>
  exists(
    db
      .select()
      .from(classStudents)
      .where(
        and(
          eq(classStudents.studentId, studentId),
          eq(classStudents.classId, classId),
          eq(classStudents.deleted, false),
        ),
      ),
  );

// Subjects (SPEC §6 via issue #17): admins create, edit, copy, publish and delete any subject, whoever teaches
// it; a subject's rows are tried on one the demo teacher teaches a class of (`owned`) and one they do not.
const SUBJECT_ROWS: Record<string, RowEntry> = {
  'POST /api/academic/subjects': {
    attempts: forTargets(['schoolWide'], async () => {
      const before = await subjectCount();
      const [owned] = await db
        .select()
        .from(subjectClasses)
        .where(eq(subjectClasses.id, school.owned.classId));
      const body = await subjectWriteOf(school.owned, [
        { class_name_id: owned?.classNameId ?? '', teacher_ids: [school.userIds.teacher] },
      ]);
      return {
        send: (session) => json(session, 'POST', '/api/academic/subjects', body),
        written: async () => (await subjectCount()) > before,
      };
    }),
    expected: { schoolWide: cells(F, F, CREATED, F, F, F, U) },
  },
  'POST /api/academic/subjects/:subjectId': {
    attempts: forTargets(['owned', 'otherSubject'], async (target) => {
      const fresh = await subjectOf(target);
      const body = {
        ...(await subjectWriteOf(classPlace(target), [
          { class_name_id: fresh.classNameId, teacher_ids: [] },
        ])),
        end_date: '2026-09-29',
      };
      return {
        send: (session) => json(session, 'POST', `/api/academic/subjects/${fresh.subjectId}`, body),
        written: async () => {
          const [row] = await db.select().from(subjects).where(eq(subjects.id, fresh.subjectId));
          return row?.endDate === '2026-09-29';
        },
      };
    }),
    expected: { owned: ADMINS_WRITE, otherSubject: ADMINS_WRITE },
  },
  'DELETE /api/academic/subjects/:subjectId': {
    attempts: forTargets(['owned', 'otherSubject'], async (target) => {
      const fresh = await subjectOf(target);
      return {
        send: (session) => json(session, 'DELETE', `/api/academic/subjects/${fresh.subjectId}`, {}),
        written: async () => {
          const [row] = await db.select().from(subjects).where(eq(subjects.id, fresh.subjectId));
          return row?.deleted === true;
        },
      };
    }),
    expected: { owned: ADMINS_WRITE, otherSubject: ADMINS_WRITE },
  },
  'POST /api/academic/subjects/:subjectId/copy': {
    // A temporary copy: the class's sittings on the same weekday from a date of the next term.
    attempts: forTargets(['owned', 'otherSubject'], async (target) => {
      const fresh = await subjectOf(target);
      const before = await subjectCount();
      const weekday = weekdayIdOf(fresh.sittingDay);
      if (weekday === null) throw new Error('no weekday');
      const row = {
        day: '2026-10-05',
        start_time: '09:00',
        end_time: '10:30',
        teacher_id: [],
        room_id: null,
        class_name_id: fresh.classNameId,
        suggest_date: weekday,
      };
      return {
        send: (session) =>
          json(session, 'POST', `/api/academic/subjects/${fresh.subjectId}/copy`, {
            isPublic: false,
            schedules: [row],
          }),
        written: async () => (await subjectCount()) > before,
      };
    }),
    expected: { owned: ADMINS_WRITE, otherSubject: ADMINS_WRITE },
  },
  'POST /api/academic/subjects/:subjectId/public-lessons-after-copy': {
    attempts: forTargets(['owned', 'otherSubject'], async (target) => {
      const place = classPlace(target);
      const { lessonId } = await freshLesson(db, place, {
        type: LessonType.lesson,
        publish: PublishState.draft,
      });
      return {
        send: (session) =>
          json(session, 'POST', `/api/academic/subjects/${place.subjectId}/public-lessons-after-copy`, {
            lessonsId: [lessonId],
          }),
        written: async () => {
          const [row] = await db.select().from(lessons).where(eq(lessons.id, lessonId));
          return row?.publish === PublishState.published;
        },
      };
    }),
    expected: { owned: ADMINS_WRITE, otherSubject: ADMINS_WRITE },
  },
  // Registering later a copy saved temporarily: each attempt gets a draft subject of its own.
  'POST /api/academic/subjects/:subjectId/publish': {
    attempts: forTargets(['owned', 'otherSubject'], async (target) => {
      const fresh = await subjectOf(target);
      await db.update(subjects).set({ publish: PublishState.draft }).where(eq(subjects.id, fresh.subjectId));
      return {
        send: (session) => json(session, 'POST', `/api/academic/subjects/${fresh.subjectId}/publish`, {}),
        written: async () => {
          const [row] = await db.select().from(subjects).where(eq(subjects.id, fresh.subjectId));
          return row?.publish === PublishState.published;
        },
      };
    }),
    expected: { owned: ADMINS_WRITE, otherSubject: ADMINS_WRITE },
  },
  // Self-registration (SPEC §4): a student registers only themself, in a published subject of their own
  // university (`own`); a subject of another university (`foreign`) is not open to them.
  'POST /api/academic/subjects/:subjectId/register-student': {
    attempts: forTargets(['own', 'foreign'], async (target) => {
      const university = target === 'own' ? await demoStudentUniversity() : undefined;
      const fresh = await freshSubject(db, school.owned, school.userIds.teacher, university);
      return {
        send: (session) =>
          json(session, 'POST', `/api/academic/subjects/${fresh.subjectId}/register-student`, {
            class_id: fresh.classId,
          }),
        written: seatOf(school.owned.studentId, fresh.classId),
      };
    }),
    expected: { own: cells(F, F, F, F, W, F, U), foreign: cells(F, F, F, F, NF, F, U) },
  },
  // Leaving a class: the demo student's own seat, or another student's seat in an open subject.
  'POST /api/academic/subjects/:subjectId/cancel-register-student': {
    attempts: forTargets(['own', 'foreign'], async (target) => {
      const university = await demoStudentUniversity();
      const fresh = await freshSubject(db, school.owned, school.userIds.teacher, university);
      const studentId = target === 'own' ? school.owned.studentId : await freshStudent(db, university);
      await seatInClass(db, studentId, fresh);
      const seated = seatOf(studentId, fresh.classId);
      return {
        send: (session) =>
          json(session, 'POST', `/api/academic/subjects/${fresh.subjectId}/cancel-register-student`, {
            class_id: fresh.classId,
          }),
        written: async () => !(await seated()),
      };
    }),
    expected: { own: cells(F, F, F, F, W, F, U), foreign: cells(F, F, F, F, BAD, F, U) },
  },
  // Seating a new student of the university in the owned class, the other class of the subject, a class of
  // another subject.
  'POST /api/academic/subjects/:subjectId/add-students-to-classes': {
    attempts: forTargets(CLASS_TARGETS, async (target) => {
      const place = classPlace(target);
      const studentId = await freshStudent(db, place.universityId);
      return {
        send: (session) =>
          json(session, 'POST', `/api/academic/subjects/${place.subjectId}/add-students-to-classes`, {
            subjectId: place.subjectId,
            classes: [{ class_id: place.classId, student_ids: [studentId] }],
          }),
        written: seatOf(studentId, place.classId),
      };
    }),
    expected: {
      owned: cells(F, W, W, F, F, F, U),
      sameSubject: cells(F, F, W, F, F, F, U),
      otherSubject: cells(F, NF, W, F, F, F, U),
    },
  },
};

/** A sitting of a place's class as a lesson write sends it. */
function sittingWrite(place: ClassPlace, day: string, id?: string) {
  return {
    ...(id === undefined ? {} : { id }),
    class_id: place.classId,
    day,
    start_time: '09:00',
    end_time: '10:30',
    room_id: null,
    teacher_ids: [],
  };
}

/** The exam fields of a lesson write: the place's exam name and one score name. */
async function examFields(place: ClassPlace) {
  const [exam] = await db.select().from(lessons).where(eq(lessons.id, place.examId));
  const name = `筆記 ${randomUUID().slice(0, 8)}`;
  return { exam_name_id: exam?.examNameId ?? '', score_names: [{ name, full_score: 100 }] };
}

const LESSON_KINDS = {
  '': { type: LessonType.lesson, publish: PublishState.published },
  '/draft': { type: LessonType.lesson, publish: PublishState.draft },
  '/exam': { type: LessonType.exam, publish: PublishState.published },
  '/store-draft-exam': { type: LessonType.exam, publish: PublishState.draft },
  '/exam-draft': { type: LessonType.exam, publish: PublishState.draft },
} as const;

/**
 * Lessons (SPEC §6, issue #17): teachers working in a subject write its lessons, but a sitting is a row of its
 * class, so a teacher adds, moves or removes sittings of the classes they teach only; admins any. Tried with
 * a sitting of the owned class, of the other class of the subject, of a class of another subject.
 */
const LESSON_WRITE: RowEntry['expected'] = {
  owned: cells(F, W, W, F, F, F, U),
  sameSubject: cells(F, F, W, F, F, F, U),
  otherSubject: cells(F, NF, W, F, F, F, U),
};

/** A new lesson or exam (`suffix` of `…/lessons`) with one sitting of the row's class. */
function lessonCreateEntry(suffix: '' | '/draft' | '/exam' | '/store-draft-exam'): RowEntry {
  return {
    attempts: forTargets(CLASS_TARGETS, async (target) => {
      const place = classPlace(target);
      const name = `講義 ${randomUUID().slice(0, 8)}`;
      const exam = LESSON_KINDS[suffix].type === LessonType.exam ? await examFields(place) : {};
      return {
        send: (session) =>
          json(session, 'POST', `/api/academic/subjects/${place.subjectId}/lessons${suffix}`, {
            name,
            schedules: [sittingWrite(place, '2026-06-16')],
            ...exam,
          }),
        written: () => exists(db.select().from(lessons).where(eq(lessons.name, name))),
      };
    }),
    expected: {
      owned: cells(F, CREATED, CREATED, F, F, F, U),
      sameSubject: cells(F, F, CREATED, F, F, F, U),
      otherSubject: cells(F, NF, CREATED, F, F, F, U),
    },
  };
}

/** Moving the one sitting of a new lesson or exam of the row's class to another day (`…/lessons/{id}{suffix}`). */
function lessonUpdateEntry(suffix: '' | '/draft' | '/exam' | '/exam-draft'): RowEntry {
  const kind = LESSON_KINDS[suffix];
  return {
    attempts: forTargets(CLASS_TARGETS, async (target) => {
      const place = classPlace(target);
      const { lessonId, scheduleId } = await freshLesson(db, place, kind);
      const exam = kind.type === LessonType.exam ? await examFields(place) : {};
      return {
        send: (session) =>
          json(session, 'POST', `/api/academic/subjects/${place.subjectId}/lessons/${lessonId}${suffix}`, {
            name: `講義 ${randomUUID().slice(0, 8)}`,
            schedules: [sittingWrite(place, '2026-06-17', scheduleId)],
            ...exam,
          }),
        written: async () => {
          const [row] = await db.select().from(schedules).where(eq(schedules.id, scheduleId));
          return row?.day === '2026-06-17' && !row.deleted;
        },
      };
    }),
    expected: LESSON_WRITE,
  };
}

const sittingDeleted = (scheduleId: string) => async () => {
  const [row] = await db.select().from(schedules).where(eq(schedules.id, scheduleId));
  return row?.deleted === true;
};

const LESSON_ROWS: Record<string, RowEntry> = {
  'POST /api/academic/subjects/:subjectId/lessons': lessonCreateEntry(''),
  'POST /api/academic/subjects/:subjectId/lessons/draft': lessonCreateEntry('/draft'),
  'POST /api/academic/subjects/:subjectId/lessons/exam': lessonCreateEntry('/exam'),
  'POST /api/academic/subjects/:subjectId/lessons/store-draft-exam': lessonCreateEntry('/store-draft-exam'),
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId': lessonUpdateEntry(''),
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/draft': lessonUpdateEntry('/draft'),
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/exam': lessonUpdateEntry('/exam'),
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/exam-draft': lessonUpdateEntry('/exam-draft'),
  'DELETE /api/academic/subjects/:subjectId/lessons/:lessonId': {
    attempts: forTargets(CLASS_TARGETS, async (target) => {
      const place = classPlace(target);
      const { lessonId, scheduleId } = await freshLesson(db, place, LESSON_KINDS['']);
      return {
        send: (session) =>
          json(session, 'DELETE', `/api/academic/subjects/${place.subjectId}/lessons/${lessonId}`, {}),
        written: sittingDeleted(scheduleId),
      };
    }),
    expected: LESSON_WRITE,
  },
  'DELETE /api/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId': {
    attempts: forTargets(CLASS_TARGETS, async (target) => {
      const place = classPlace(target);
      const { lessonId, scheduleId } = await freshLesson(db, place, LESSON_KINDS['']);
      return {
        send: (session) =>
          json(
            session,
            'DELETE',
            `/api/subjects/${place.subjectId}/lessons/${lessonId}/schedules/${scheduleId}`,
            {},
          ),
        written: sittingDeleted(scheduleId),
      };
    }),
    expected: LESSON_WRITE,
  },
};

/** A new student write at the place's university (its subject's faculty and year code), unique by a tag. */
async function studentWriteAt(place: ClassPlace) {
  const [row] = await db.select().from(subjects).where(eq(subjects.id, place.subjectId));
  const tag = randomUUID().slice(0, 8);
  return {
    identity: `N-${tag}`,
    name: `学生 ${tag}`,
    email: `new-${tag}@matrix.test`,
    university_id: place.universityId,
    faculty_id: row?.facultyId ?? '',
    year_code_id: row?.yearCodeId ?? '',
  };
}

/** Adding a student at the university of the owned class (where the demo teacher works) or another one. */
function studentCreateEntry(bulk: boolean): RowEntry {
  return {
    attempts: forTargets(['owned', 'otherSubject'], async (target) => {
      const body = await studentWriteAt(classPlace(target));
      return {
        send: (session) =>
          json(
            session,
            'POST',
            bulk ? '/api/students/create-multi' : '/api/students',
            bulk ? { students: [body] } : body,
          ),
        written: () => exists(db.select().from(students).where(eq(students.identity, body.identity))),
      };
    }),
    expected: {
      owned: cells(F, CREATED, CREATED, F, F, F, U),
      otherSubject: cells(F, BAD, CREATED, F, F, F, U),
    },
  };
}

const userOf = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];

/** The account of the row: a new one of `kind` (`staffOfKind`) or of the other staff kind. */
function staffTarget(kind: AccountRole, other: AccountRole) {
  return (target: Target) =>
    freshStaff(db, target === 'staffOfKind' ? kind : other, school.owned.universityId);
}

/** Editing (`POST`) or deleting a teacher's or an observer's account (`/api/{segment}/{id}`), admins only. */
function staffEntry(segment: 'teachers' | 'observers', method: 'POST' | 'DELETE'): RowEntry {
  const [kind, other] =
    segment === 'teachers' ? [Role.teacher, Role.observer] : [Role.observer, Role.teacher];
  const account = staffTarget(kind, other);
  return {
    attempts: forTargets(['staffOfKind', 'staffOfOtherKind'], async (target) => {
      const id = await account(target);
      const name = `改名 ${randomUUID().slice(0, 8)}`;
      const body = {
        name,
        university_ids: [school.owned.universityId],
        ...(segment === 'teachers' ? { retire_at: null } : {}),
      };
      return {
        send: (session) => json(session, method, `/api/${segment}/${id}`, method === 'POST' ? body : {}),
        written: async () => {
          const row = await userOf(id);
          return method === 'POST'
            ? row?.name === name
            : row?.deleted === true || row?.deactivatedAt !== null;
        },
      };
    }),
    expected: { staffOfKind: ADMINS_WRITE, staffOfOtherKind: cells(F, F, NF, F, F, F, U) },
  };
}

/** Inviting a new teacher or observer by mail (no row has an owner yet): admins only. */
function inviteEntry(url: string): RowEntry {
  return {
    attempts: forTargets(['schoolWide'], async () => {
      const email = `invited-${randomUUID().slice(0, 8)}@matrix.test`;
      return {
        send: (session) =>
          json(session, 'POST', url, { name: '招待', email, university_ids: [school.owned.universityId] }),
        written: () => exists(db.select().from(users).where(eq(users.email, email))),
      };
    }),
    expected: { schoolWide: cells(F, F, CREATED, F, F, F, U) },
  };
}

/**
 * The super admin's role and login changes (SPEC §6): on another account (`foreign`, a new teacher to promote
 * or admin to demote or block) or on the caller's own (`own`), which nobody may change.
 */
function superAdminEntry(
  url: (id: string) => string,
  body: (id: string) => Record<string, unknown>,
  from: AccountRole,
  done: (row: Awaited<ReturnType<typeof userOf>>) => boolean,
): RowEntry {
  return {
    attempts: forTargets(['own', 'foreign'], async (target, who) => {
      const id =
        target === 'own' ? ownerOf(who, target) : await freshStaff(db, from, school.owned.universityId);
      const before = await userOf(id);
      return {
        send: (session) => json(session, 'POST', url(id), body(id)),
        written: async () => {
          const after = await userOf(id);
          return done(after) && !done(before);
        },
      };
    }),
    expected: { own: cells(F, F, F, F, F, F, U), foreign: cells(F, F, F, W, F, F, U) },
  };
}

// People (SPEC §6, issue #16).
const PEOPLE_ROWS: Record<string, RowEntry> = {
  'POST /api/students': studentCreateEntry(false),
  'POST /api/students/create-multi': studentCreateEntry(true),
  // Editing a student sitting in the owned class, in the other class of the subject, in another subject.
  'POST /api/students/:studentId': {
    attempts: forTargets(CLASS_TARGETS, async (target) => {
      const place = classPlace(target);
      const studentId = await freshStudent(db, place.universityId, place);
      const body = await studentWriteAt(place);
      return {
        send: (session) => json(session, 'POST', `/api/students/${studentId}`, body),
        written: async () => {
          const [row] = await db
            .select({ name: users.name })
            .from(students)
            .innerJoin(users, eq(users.id, students.userId))
            .where(eq(students.id, studentId));
          return row?.name === body.name;
        },
      };
    }),
    expected: {
      owned: cells(F, W, W, F, F, F, U),
      sameSubject: cells(F, F, W, F, F, F, U),
      otherSubject: cells(F, F, W, F, F, F, U),
    },
  },
  'DELETE /api/students/:studentId': {
    attempts: forTargets(['owned', 'otherSubject'], async (target) => {
      const place = classPlace(target);
      const studentId = await freshStudent(db, place.universityId, place);
      return {
        send: (session) => json(session, 'DELETE', `/api/students/${studentId}`, {}),
        written: async () => {
          const [row] = await db.select().from(students).where(eq(students.id, studentId));
          return row?.deleted === true;
        },
      };
    }),
    expected: { owned: ADMINS_WRITE, otherSubject: ADMINS_WRITE },
  },
  // Putting a new student of the university into the owned class, the other class of the subject, a class of
  // another subject; `mixed`: moving a student of the other class of the subject into the owned class, which
  // takes them off a roster the teacher does not keep.
  'POST /api/students/:studentId/lesson': {
    attempts: forTargets([...CLASS_TARGETS, 'mixed'], async (target) => {
      const into = target === 'mixed' ? school.owned : classPlace(target);
      const studentId =
        target === 'mixed'
          ? await freshStudent(db, into.universityId, school.sameSubject)
          : await freshStudent(db, into.universityId);
      return {
        send: (session) =>
          json(session, 'POST', `/api/students/${studentId}/lesson`, { classId: into.classId }),
        written: seatOf(studentId, into.classId),
      };
    }),
    expected: {
      owned: cells(F, W, W, F, F, F, U),
      sameSubject: cells(F, F, W, F, F, F, U),
      otherSubject: cells(F, F, W, F, F, F, U),
      mixed: cells(F, F, W, F, F, F, U),
    },
  },
  'POST /api/teachers/:teacherId': staffEntry('teachers', 'POST'),
  'DELETE /api/teachers/:teacherId': staffEntry('teachers', 'DELETE'),
  'POST /api/observers/:observerId': staffEntry('observers', 'POST'),
  'DELETE /api/observers/:observerId': staffEntry('observers', 'DELETE'),
  'POST /api/users/invite': inviteEntry('/api/users/invite'),
  'POST /api/observers/invite': inviteEntry('/api/observers/invite'),
  'POST /api/users/up-role': superAdminEntry(
    () => '/api/users/up-role',
    (id) => ({ id }),
    Role.teacher,
    (row) => row?.role === Role.admin,
  ),
  'POST /api/users/down-role': superAdminEntry(
    () => '/api/users/down-role',
    (id) => ({ id }),
    Role.admin,
    (row) => row?.role === Role.teacher,
  ),
  'POST /api/users/block-login-admin/:userId': superAdminEntry(
    (id) => `/api/users/block-login-admin/${id}`,
    () => ({ blocked: true }),
    Role.admin,
    (row) => row?.loginBlocked === true,
  ),
};
/** The plan calls' path for a new sitting of a place's lesson (`planOwned` is the `owned` place, and so on). */
async function planSitting(target: Target) {
  const place = classPlace(target.replace(/^plan(.)/, (_, first: string) => first.toLowerCase()) as Target);
  const scheduleId = await freshSitting(db, place);
  const path = `/api/academic/subjects/${place.subjectId}/lessons/${place.lessonId}/schedules/${scheduleId}/plan`;
  return { place, scheduleId, path };
}

/** A draft plan of a new sitting of a place, written straight to the table. */
async function planTarget(target: Target) {
  const sitting = await planSitting(target);
  const id = planIdOf(sitting.scheduleId);
  await db.insert(plans).values({
    id,
    subjectId: sitting.place.subjectId,
    universityId: sitting.place.universityId,
    lessonId: sitting.place.lessonId,
    scheduleId: sitting.scheduleId,
    lessonType: LessonType.lesson,
    seq: 1,
  });
  return { ...sitting, id };
}

/** The ids that place a plan or a note on it (SPEC §3 note payload). */
function notePayload(place: ClassPlace, scheduleId: string, planId: string | null) {
  return { subject_id: place.subjectId, lesson_id: place.lessonId, schedule_id: scheduleId, plan_id: planId };
}

/** A plan call's body for a sitting: a draft lesson plan with the given content. */
function planBody(place: ClassPlace, scheduleId: string, planId: string | null, content: string) {
  return {
    ...notePayload(place, scheduleId, planId),
    publish: PlanPublish.draft,
    lesson_type: LessonType.lesson,
    content,
  };
}

const planWithContent = (id: string, content: string) => async () => {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row?.content === content;
};

/** Plan work (SPEC §6): the sitting's teachers and admins; a teacher of another subject does not see it. */
const planWork = (written: Outcome): RowEntry['expected'] => ({
  owned: cells(F, written, written, F, F, F, U),
  sameSubject: cells(F, F, written, F, F, F, U),
  otherSubject: cells(F, NF, written, F, F, F, U),
});

let highlightValue = 0;

/** A highlight rule no other attempt has used ("unexplained absence more than n"), so none is a duplicate. */
function freshRule() {
  highlightValue += 1;
  return {
    type: HighlightType.attendance,
    condition_type: HighlightCondition.unexplainedAbsence,
    compare_type: HighlightCompare.moreThan,
    value: highlightValue,
  };
}

/** A highlight of a place's subject, written straight to the table. */
async function freshHighlight(place: ClassPlace): Promise<string> {
  const rule = freshRule();
  const [row] = await db
    .insert(highlights)
    .values({
      subjectId: place.subjectId,
      universityId: place.universityId,
      type: rule.type,
      conditionType: rule.condition_type,
      compareType: rule.compare_type,
      value: rule.value,
      priority: 100 + rule.value,
      seq: 1,
    })
    .returning({ id: highlights.id });
  if (!row) throw new Error('no highlight');
  return row.id;
}

const highlightWhere = async (id: string) =>
  (await db.select().from(highlights).where(eq(highlights.id, id)))[0];

/**
 * A memo about a new sitting of a place, written straight to the tables: by the demo teacher on the owned
 * class, by teacher2 on the same subject's other class, by the admin on another subject.
 */
async function freshMemo(target: Target): Promise<string> {
  const place = classPlace(target);
  const authorId =
    target === 'owned'
      ? school.userIds.teacher
      : target === 'sameSubject'
        ? school.userIds.teacher2
        : school.userIds.admin;
  const partition = { subjectId: place.subjectId, universityId: place.universityId, seq: 1 };
  const [memo] = await db
    .insert(memos)
    .values({ ...partition, message: '教室変更', authorId })
    .returning({ id: memos.id });
  if (!memo) throw new Error('no memo');
  await db
    .insert(memoSchedules)
    .values({ ...partition, memoId: memo.id, scheduleId: await freshSitting(db, place) });
  return memo.id;
}

const memoWhere = async (id: string) => (await db.select().from(memos).where(eq(memos.id, id)))[0];

/** A memo's change: its author and admins; another teacher of the subject may not, one of another subject sees none. */
const MEMO_CHANGE: RowEntry['expected'] = {
  owned: cells(F, W, W, F, F, F, U),
  sameSubject: cells(F, F, W, F, F, F, U),
  otherSubject: cells(F, NF, W, F, F, F, U),
};

/** Subject work: teachers working in the subject and admins; a teacher of another subject does not see it. */
const SUBJECT_WORK = (written: Outcome): RowEntry['expected'] => ({
  owned: cells(F, written, written, F, F, F, U),
  otherSubject: cells(F, NF, written, F, F, F, U),
});

const ROW_MATRIX: Record<string, RowEntry> = {
  'POST /api/attendance/:scheduleId': {
    attempts: forTargets([...CLASS_TARGETS, 'mixed'], async (target) => {
      const { student, sitting } = await attendanceTarget(target);
      const scheduleId = await freshSitting(db, sitting);
      return {
        send: (session) =>
          json(session, 'POST', `/api/attendance/${scheduleId}`, {
            data: {
              subjectClass: student.classId,
              attendances: [
                {
                  class_student_id: student.classStudentId,
                  schedule_id: scheduleId,
                  status: AttendanceStatus.late,
                  absence_reasons: null,
                  comment: null,
                },
              ],
            },
          }),
        written: markWritten(student.classStudentId, scheduleId),
      };
    }),
    expected: {
      owned: cells(F, W, W, F, F, F, U),
      sameSubject: cells(F, F, W, F, F, F, U),
      otherSubject: cells(F, NF, W, F, F, F, U),
      mixed: cells(F, BAD, BAD, F, F, F, U),
    },
  },
  'POST /api/sync/attendance/push': {
    attempts: forTargets([...CLASS_TARGETS, 'mixed'], async (target) => {
      const { student, sitting } = await attendanceTarget(target);
      const scheduleId = await freshSitting(db, sitting);
      const doc: AttendanceDoc = {
        id: attendanceId(student.classStudentId, scheduleId),
        subjectId: student.subjectId,
        universityId: student.universityId,
        classStudentId: student.classStudentId,
        studentId: student.studentId,
        scheduleId,
        status: AttendanceStatus.present,
        lateMinutes: null,
        absenceReasons: null,
        comment: null,
        updatedAt: 0,
        _deleted: false,
      };
      return {
        send: (session) => push(session, SyncCollection.attendance, doc),
        written: markWritten(student.classStudentId, scheduleId),
      };
    }),
    expected: {
      owned: cells(F, W, W, F, IB, IB, U),
      sameSubject: cells(F, IB, W, F, IB, IB, U),
      otherSubject: cells(F, IB, W, F, IB, IB, U),
      mixed: cells(F, IB, IB, F, IB, IB, U),
    },
  },
  'POST /api/exchange-attendance/:subjectId': {
    // The mark moves from a sitting of the row's class to a sitting of the other class of the subject.
    attempts: forTargets(['owned', 'sameSubject'], async (target) => {
      const from = classPlace(target);
      const to = target === 'owned' ? school.sameSubject : school.owned;
      const fromSitting = await freshSitting(db, from);
      const toSitting = await freshSitting(db, to);
      return {
        send: (session) =>
          json(session, 'POST', `/api/exchange-attendance/${from.subjectId}`, {
            from_schedule_id: fromSitting,
            to_schedule_id: toSitting,
            class_student_ids: [from.classStudentId],
          }),
        written: markWritten(from.classStudentId, toSitting),
      };
    }),
    expected: {
      owned: cells(F, W, W, F, F, F, U),
      sameSubject: cells(F, F, W, F, F, F, U),
    },
  },
  'POST /api/achievement/:scoreNameId/:subjectClassId': {
    attempts: forTargets(CLASS_TARGETS, (target) =>
      scoreAttempt(target, (scoreNameId, place) => `/api/achievement/${scoreNameId}/${place.classId}`),
    ),
    expected: CLASS_WORK,
  },
  'POST /api/achievement/enter-sub-scores/:subjectClassId': {
    attempts: forTargets(CLASS_TARGETS, (target) =>
      subScoreAttempt(target, (_, place) => `/api/achievement/enter-sub-scores/${place.classId}`, true),
    ),
    expected: CLASS_WORK,
  },
  'POST /api/achievement/updateScore/:scoreNameId': {
    attempts: forTargets(CLASS_TARGETS, (target) =>
      scoreAttempt(target, (scoreNameId) => `/api/achievement/updateScore/${scoreNameId}`),
    ),
    expected: CLASS_WORK,
  },
  'POST /api/student-exam/subjects/:subjectId/score-names/:scoreNameId': {
    attempts: forTargets(CLASS_TARGETS, (target) =>
      subScoreAttempt(
        target,
        (parentId, place) => `/api/student-exam/subjects/${place.subjectId}/score-names/${parentId}`,
        false,
      ),
    ),
    expected: CLASS_WORK,
  },
  'POST /api/achievement/import/:subjectClassId/preview': {
    attempts: forTargets(CLASS_TARGETS, (target) => importAttempt(target, '/preview')),
    expected: {
      owned: cells(F, OK, OK, F, F, F, U),
      sameSubject: cells(F, F, OK, F, F, F, U),
      otherSubject: cells(F, F, OK, F, F, F, U),
    },
  },
  'POST /api/achievement/import/:subjectClassId': {
    attempts: forTargets(CLASS_TARGETS, (target) => importAttempt(target, '')),
    expected: CLASS_WORK,
  },
  'POST /api/sync/achievements/push': {
    attempts: forTargets(CLASS_TARGETS, async (target) => {
      const place = classPlace(target);
      const scoreNameId = await freshScoreName(db, place);
      const doc: AchievementDoc = {
        id: achievementId(place.subjectStudentId, scoreNameId),
        kind: 'score',
        subjectId: place.subjectId,
        universityId: place.universityId,
        subjectStudentId: place.subjectStudentId,
        studentId: place.studentId,
        scoreNameId,
        fullScore: 100,
        scheduleId: null,
        points: 50,
        finalScore: null,
        comment: null,
        updatedAt: 0,
        _deleted: false,
      };
      return {
        send: (session) => push(session, SyncCollection.achievements, doc),
        written: scoreWritten(place.subjectStudentId, scoreNameId),
      };
    }),
    expected: {
      owned: cells(F, W, W, F, IB, IB, U),
      sameSubject: cells(F, IB, W, F, IB, IB, U),
      otherSubject: cells(F, IB, W, F, IB, IB, U),
    },
  },
  'POST /api/sync/requests/push': {
    // A new request of the demo student: about their own class; naming a class of their subject they do not
    // sit in; about a subject they are not enrolled in, naming no class (issue #23, 2).
    attempts: forTargets(CLASS_TARGETS, async (target) => {
      const place = classPlace(target);
      const made = newRequestDoc(
        {
          option: RequestOption.other,
          subject_id: place.subjectId,
          class_id: place.classId,
          schedule_id: null,
          score_name_id: null,
          late_minutes: null,
          points: null,
          content: '相談があります',
        },
        {
          id: randomUUID(),
          studentId: school.owned.studentId,
          universityId: place.universityId,
          createdAt: new Date().toISOString(),
        },
      );
      const doc = { ...made, classId: target === 'otherSubject' ? null : place.classId };
      return {
        send: (session) => push(session, SyncCollection.requests, doc),
        written: () => exists(db.select().from(requests).where(eq(requests.id, doc.id))),
      };
    }),
    expected: {
      owned: cells(F, IB, IB, F, W, IB, U),
      sameSubject: cells(F, IB, IB, F, IB, IB, U),
      otherSubject: cells(F, IB, IB, F, IB, IB, U),
      decideOwned: cells(F, W, W, F, IB, IB, U),
      decideSameSubject: cells(F, IB, W, F, IB, IB, U),
      decideOtherSubject: cells(F, IB, W, F, IB, IB, U),
      cancelOwn: cells(F, IB, IB, F, W, IB, U),
      cancelForeign: cells(F, IB, IB, F, IB, IB, U),
      // Issue 43: the guardian files an absence notice for their child (the owned class's student) and
      // cancels what they filed; not for another family's child.
      cancelFiled: cells(F, IB, IB, F, W, W, U),
      fileForWard: cells(F, IB, IB, F, W, W, U),
      fileForOther: cells(F, IB, IB, F, IB, IB, U),
    },
  },
  // Pull-only collections: every row a client pushes is refused in-band, and nothing is written. A card is
  // closed through its REST call. Notes take pushed plans only (below); a subject note goes through its call.
  'POST /api/sync/stickies/push': {
    attempts: forTargets(['own', 'foreign'], async (target, who) => {
      const owner = ownerOf(who, target);
      const id = await freshCard(owner, stickyTypeOf(who, target));
      const ownerRole = who === 'none' || target === 'foreign' ? Role.teacher : ROLE_OF[who];
      const pulled = await pullThrough(db, stickiesCollection, { id: owner, role: ownerRole });
      const doc = pulled.documents.find((row) => row.id === id);
      if (!doc) throw new Error('card not pulled');
      return {
        send: (session) => push(session, SyncCollection.stickies, { ...doc, _deleted: true }, doc),
        written: async () => {
          const [row] = await db.select().from(stickies).where(eq(stickies.id, id));
          return row?.status !== StickyStatus.open || row.deleted;
        },
      };
    }),
    expected: {
      own: cells(F, IB, IB, F, IB, IB, U),
      foreign: cells(F, IB, IB, F, IB, IB, U),
    },
  },
  'POST /api/sync/notes/push': {
    attempts: forTargets(['owned', 'otherSubject'], async (target) => {
      const place = classPlace(target);
      const doc: NoteDoc = {
        id: randomUUID(),
        kind: NoteKind.note,
        subjectId: place.subjectId,
        universityId: place.universityId,
        lessonId: null,
        scheduleId: null,
        planId: null,
        studentId: place.studentId,
        authorId: null,
        content: '保護者に連絡',
        publish: null,
        lessonType: null,
        contactToHeadTeacher: null,
        scheduleIds: [],
        links: [],
        contactToStudent: [],
        updatedAt: 0,
        _deleted: false,
      };
      return {
        send: (session) => push(session, SyncCollection.notes, doc),
        written: () => exists(db.select().from(notes).where(eq(notes.id, doc.id))),
      };
    }),
    expected: {
      owned: cells(F, IB, IB, F, IB, IB, U),
      otherSubject: cells(F, IB, IB, F, IB, IB, U),
      // A plan drafted (offline) for a new sitting: the sitting's teachers and admins (issue #18).
      planOwned: cells(F, W, W, F, IB, IB, U),
      planSameSubject: cells(F, IB, W, F, IB, IB, U),
      planOtherSubject: cells(F, IB, W, F, IB, IB, U),
    },
  },
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId/plan/create': {
    attempts: forTargets(CLASS_TARGETS, async (target) => {
      const { place, scheduleId, path } = await planSitting(target);
      return {
        send: (session) => json(session, 'POST', `${path}/create`, planBody(place, scheduleId, null, '計画')),
        written: planWithContent(planIdOf(scheduleId), '計画'),
      };
    }),
    expected: planWork(CREATED),
  },
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId/plan/:planId': {
    attempts: forTargets(CLASS_TARGETS, async (target) => {
      const { place, scheduleId, path, id } = await planTarget(target);
      return {
        send: (session) => json(session, 'POST', `${path}/${id}`, planBody(place, scheduleId, id, '改訂')),
        written: planWithContent(id, '改訂'),
      };
    }),
    expected: planWork(W),
  },
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId/plan/:planId/note/store': {
    attempts: forTargets(CLASS_TARGETS, async (target) => {
      const { place, scheduleId, path, id } = await planTarget(target);
      const content = `申し送り ${randomUUID().slice(0, 8)}`;
      return {
        send: (session) =>
          json(session, 'POST', `${path}/${id}/note/store`, {
            ...notePayload(place, scheduleId, id),
            content,
          }),
        written: () => exists(db.select().from(planNotes).where(eq(planNotes.content, content))),
      };
    }),
    expected: planWork(W),
  },
  'POST /api/memo': {
    attempts: forTargets(['owned', 'otherSubject'], async (target) => {
      const scheduleId = await freshSitting(db, classPlace(target));
      return {
        send: (session) =>
          json(session, 'POST', '/api/memo', { message: '教室変更', schedules_id: [scheduleId] }),
        written: () =>
          exists(db.select().from(memoSchedules).where(eq(memoSchedules.scheduleId, scheduleId))),
      };
    }),
    expected: SUBJECT_WORK(CREATED),
  },
  'POST /api/memo/:memoId': {
    attempts: forTargets(CLASS_TARGETS, async (target) => {
      const id = await freshMemo(target);
      const [link] = await db.select().from(memoSchedules).where(eq(memoSchedules.memoId, id));
      const message = `見直し ${id.slice(0, 8)}`;
      return {
        send: (session) =>
          json(session, 'POST', `/api/memo/${id}`, { message, schedules_id: [link?.scheduleId] }),
        written: async () => (await memoWhere(id))?.message === message,
      };
    }),
    expected: MEMO_CHANGE,
  },
  'DELETE /api/memo/:memoId': {
    attempts: forTargets(CLASS_TARGETS, async (target) => {
      const id = await freshMemo(target);
      return {
        send: (session) => json(session, 'DELETE', `/api/memo/${id}`, {}),
        written: async () => (await memoWhere(id))?.deleted === true,
      };
    }),
    expected: MEMO_CHANGE,
  },
  'POST /api/academic/subjects/:subjectId/assist-lessons': {
    attempts: forTargets(['owned', 'otherSubject'], async (target) => {
      const place = classPlace(target);
      const { lessonId } = await freshLesson(db, place, {
        type: LessonType.lesson,
        publish: PublishState.published,
      });
      return {
        send: (session) =>
          json(session, 'POST', `/api/academic/subjects/${place.subjectId}/assist-lessons`, {
            dataSubmit: [{ lesson_id: lessonId, apply: true, status: PublishState.published }],
          }),
        written: async () =>
          (await db.select().from(lessons).where(eq(lessons.id, lessonId)))[0]?.assistApply === true,
      };
    }),
    expected: SUBJECT_WORK(CREATED),
  },
  'POST /api/academic/subjects/:subjectId/highlights': {
    attempts: forTargets(['owned', 'otherSubject'], async (target) => {
      const place = classPlace(target);
      const rule = freshRule();
      return {
        send: (session) =>
          json(session, 'POST', `/api/academic/subjects/${place.subjectId}/highlights`, rule),
        written: async () =>
          exists(
            db
              .select()
              .from(highlights)
              .where(and(eq(highlights.subjectId, place.subjectId), eq(highlights.value, rule.value))),
          ),
      };
    }),
    expected: SUBJECT_WORK(CREATED),
  },
  'POST /api/academic/subjects/:subjectId/highlights/:highlightId': {
    attempts: forTargets(['owned', 'otherSubject'], async (target) => {
      const place = classPlace(target);
      const id = await freshHighlight(place);
      const message = `見直し ${id.slice(0, 8)}`;
      const [current] = await db.select().from(highlights).where(eq(highlights.id, id));
      return {
        send: (session) =>
          json(session, 'POST', `/api/academic/subjects/${place.subjectId}/highlights/${id}`, {
            type: current?.type,
            condition_type: current?.conditionType,
            compare_type: current?.compareType,
            value: current?.value,
            message_to_student: message,
          }),
        written: async () => (await highlightWhere(id))?.messageToStudent === message,
      };
    }),
    expected: SUBJECT_WORK(W),
  },
  'DELETE /api/academic/subjects/:subjectId/highlights/:highlightId': {
    attempts: forTargets(['owned', 'otherSubject'], async (target) => {
      const place = classPlace(target);
      const id = await freshHighlight(place);
      return {
        send: (session) =>
          json(session, 'DELETE', `/api/academic/subjects/${place.subjectId}/highlights/${id}`, {}),
        written: async () => (await highlightWhere(id))?.deleted === true,
      };
    }),
    expected: SUBJECT_WORK(W),
  },
  'POST /api/academic/subjects/:subjectId/highlights/priority': {
    // Every live highlight of the subject, the newest moved first.
    attempts: forTargets(['owned', 'otherSubject'], async (target) => {
      const place = classPlace(target);
      const id = await freshHighlight(place);
      const order = async () =>
        (
          await db
            .select({ id: highlights.id })
            .from(highlights)
            .where(and(eq(highlights.subjectId, place.subjectId), eq(highlights.deleted, false)))
            .orderBy(highlights.priority, highlights.id)
        ).map((row) => row.id);
      return {
        send: async (session) =>
          json(session, 'POST', `/api/academic/subjects/${place.subjectId}/highlights/priority`, {
            ids: [id, ...(await order()).filter((other) => other !== id)],
          }),
        written: async () => (await order())[0] === id,
      };
    }),
    expected: SUBJECT_WORK(W),
  },
  // Master rows belong to the whole school: admins write them, everyone else is refused in-band.
  'POST /api/sync/master/push': {
    attempts: forTargets(['schoolWide'], async () => {
      const doc: MasterDoc = {
        id: randomUUID(),
        kind: 'universities',
        name: `行列大学 ${randomUUID().slice(0, 8)}`,
        universityId: null,
        facultyId: null,
        subjectNameId: null,
        color: null,
        startDate: null,
        endDate: null,
        updatedAt: 0,
        _deleted: false,
      };
      return {
        send: (session) => push(session, SyncCollection.master, doc),
        written: () => exists(db.select().from(universities).where(eq(universities.id, doc.id))),
      };
    }),
    expected: { schoolWide: cells(F, IB, W, F, IB, IB, U) },
  },
  // The subject screens' collections change through their REST calls: a pushed change of a row is refused.
  'POST /api/sync/people/push': pullOnlyEntry(SyncCollection.people, peopleCollection),
  'POST /api/sync/subjects/push': pullOnlyEntry(SyncCollection.subjects, subjectsCollection),
  'POST /api/sync/schedules/push': pullOnlyEntry(SyncCollection.schedules, schedulesCollection),
  'POST /api/sync/lessons/push': pullOnlyEntry(SyncCollection.lessons, lessonsCollection),
  // The REST create: the demo student files about their own class, a class of their subject they do not sit
  // in, a class of a subject they are not enrolled in; the demo guardian files the same for the place's
  // student (their child's class, another family's child), an option a guardian may not file. Then an absence
  // notice naming the child (`fileForWard`: the owned class's student) or another student (`fileForOther`).
  'POST /api/requests': {
    attempts: {
      ...forTargets(CLASS_TARGETS, async (target, who) => {
        const place = classPlace(target);
        const content = `相談 ${randomUUID()}`;
        return {
          send: (session) =>
            json(session, 'POST', '/api/requests', {
              ...(who === 'guardian' ? { student_id: place.studentId } : {}),
              option: RequestOption.other,
              subject_id: place.subjectId,
              class_id: place.classId,
              content,
            }),
          written: () => exists(db.select().from(requests).where(eq(requests.content, content))),
        };
      }),
      ...forTargets(['fileForWard', 'fileForOther'], async (target) => {
        const place = target === 'fileForWard' ? school.owned : school.sameSubject;
        const content = `欠席 ${randomUUID()}`;
        const scheduleId = await freshSitting(db, place);
        return {
          send: (session) =>
            json(session, 'POST', '/api/requests', {
              student_id: place.studentId,
              option: RequestOption.absent,
              subject_id: place.subjectId,
              class_id: place.classId,
              schedule_id: scheduleId,
              content,
            }),
          written: () => exists(db.select().from(requests).where(eq(requests.content, content))),
        };
      }),
    },
    expected: {
      owned: cells(F, F, F, F, CREATED, F, U),
      sameSubject: cells(F, F, F, F, F, NF, U),
      otherSubject: cells(F, F, F, F, F, NF, U),
      fileForWard: cells(F, F, F, F, CREATED, CREATED, U),
      // A student names nobody but themself (a field error); the guardian's own children only (404).
      fileForOther: cells(F, F, F, F, BAD, NF, U),
    },
  },
  // The REST decisions, one call per request type (a student's own request is theirs to cancel).
  ...Object.fromEntries(
    [
      RequestOption.absent,
      RequestOption.presentConfirm,
      RequestOption.achievementConfirm,
      RequestOption.other,
    ].map((option) => [
      `POST /api/requests/:requestId/${REQUEST_DECISION_SEGMENT[requestOptionMeaning(option).type]}`,
      decisionEntry(option),
    ]),
  ),
  ...SUBJECT_ROWS,
  ...LESSON_ROWS,
  ...PEOPLE_ROWS,
  // A subject-level write: the formula of the subject the teacher teaches a class of, with final scores open
  // to teachers or not (issue #41, 2: a locked subject's formula was rewritten), or of another subject.
  'POST /api/academic/subjects/:subjectId/formula': {
    attempts: forTargets(['owned', 'finalScoreLocked', 'otherSubject'], async (target) => {
      const place = target === 'finalScoreLocked' ? school.owned : classPlace(target);
      await db
        .update(subjects)
        .set({ formula: '筆記', teacherAllowUpdateFinalScore: target !== 'finalScoreLocked' })
        .where(eq(subjects.id, place.subjectId));
      return {
        send: (session) =>
          json(session, 'POST', `/api/academic/subjects/${place.subjectId}/formula`, { formula: '筆記 * 2' }),
        written: async () => {
          const [row] = await db.select().from(subjects).where(eq(subjects.id, place.subjectId));
          return row?.formula === '筆記 * 2';
        },
      };
    }),
    expected: {
      owned: cells(F, W, W, F, F, F, U),
      finalScoreLocked: cells(F, F, W, F, F, F, U),
      otherSubject: cells(F, NF, W, F, F, F, U),
    },
  },
  'POST /api/notification/read': {
    attempts: forTargets(['own', 'foreign'], async (target, who) => {
      const id = await freshNotification(db, ownerOf(who, target));
      return {
        send: (session) => json(session, 'POST', '/api/notification/read', { id }),
        written: notificationRead(id),
      };
    }),
    expected: {
      own: cells(W, W, W, W, W, W, U),
      foreign: cells(NF, NF, NF, NF, NF, NF, U),
    },
  },
  'POST /api/sync/notifications/push': {
    attempts: forTargets(['own', 'foreign'], async (target, who) => {
      const owner = ownerOf(who, target);
      const id = await freshNotification(db, owner);
      const ownerRole = who === 'none' || target === 'foreign' ? Role.teacher : ROLE_OF[who];
      const pulled = await pullThrough(db, notificationsCollection, { id: owner, role: ownerRole });
      const doc = pulled.documents.find((row) => row.id === id);
      if (!doc) throw new Error('notification not pulled');
      return {
        send: (session) => push(session, SyncCollection.notifications, { ...doc, read: true }, doc),
        written: notificationRead(id),
      };
    }),
    expected: {
      own: cells(W, W, W, W, W, W, U),
      foreign: cells(IB, IB, IB, IB, IB, IB, U),
    },
  },
  // A phone's push subscription is the caller's own; removing another user's endpoint answers the same and
  // leaves it (the call never says whose an endpoint is).
  'POST /api/push/subscriptions': {
    attempts: forTargets(['own'], async () => {
      const endpoint = `https://push.example.test/${randomUUID()}`;
      return {
        send: (session) =>
          json(session, 'POST', '/api/push/subscriptions', {
            endpoint,
            keys: { p256dh: 'BOrk', auth: 'c2VjcmV0' },
          }),
        written: async () =>
          (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))
            .length === 1,
      };
    }),
    expected: { own: cells(W, W, W, W, W, W, U) },
  },
  'POST /api/push/subscriptions/remove': {
    attempts: forTargets(['own', 'foreign'], async (target, who) => {
      const endpoint = `https://push.example.test/${randomUUID()}`;
      await db.insert(pushSubscriptions).values({
        userId: ownerOf(who, target),
        endpoint,
        p256dh: 'BOrk',
        auth: 'c2VjcmV0',
        createdAt: new Date(),
      });
      return {
        send: (session) => json(session, 'POST', '/api/push/subscriptions/remove', { endpoint }),
        written: async () =>
          (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))
            .length === 0,
      };
    }),
    expected: {
      own: cells(W, W, W, W, W, W, U),
      foreign: cells(OK, OK, OK, OK, OK, OK, U),
    },
  },
  'POST /api/sticky/:stickyId': {
    attempts: forTargets(['own', 'foreign'], async (target, who) => {
      const id = await freshCard(ownerOf(who, target), stickyTypeOf(who, target));
      return {
        send: (session) => json(session, 'POST', `/api/sticky/${id}`, { status: StickyStatus.closed }),
        written: async () => {
          const [row] = await db.select().from(stickies).where(eq(stickies.id, id));
          return row?.status === StickyStatus.closed;
        },
      };
    }),
    expected: {
      own: cells(F, W, W, F, F, F, U),
      foreign: cells(F, NF, NF, F, NF, F, U),
    },
  },
  'DELETE /api/passkeys/:passkeyId': {
    attempts: forTargets(['own', 'foreign'], async (target, who) => {
      const id = await freshPasskey(db, ownerOf(who, target));
      return {
        send: (session) => json(session, 'DELETE', `/api/passkeys/${id}`, {}),
        written: async () => !(await exists(db.select().from(passkeys).where(eq(passkeys.id, id)))),
      };
    }),
    expected: {
      own: cells(W, W, W, W, W, W, U),
      foreign: cells(NF, NF, NF, NF, NF, NF, U),
    },
  },
  'DELETE /api/sessions/:sessionId': {
    attempts: forTargets(['own', 'foreign'], async (target, who) => {
      const id = await freshSession(db, ownerOf(who, target));
      return {
        send: (session) => json(session, 'DELETE', `/api/sessions/${id}`, {}),
        written: async () => !(await exists(db.select().from(sessions).where(eq(sessions.id, id)))),
      };
    }),
    expected: {
      own: cells(W, W, W, W, W, W, U),
      foreign: cells(NF, NF, NF, NF, NF, NF, U),
    },
  },
};

/**
 * A status change of a new pending request of `place`'s student, pushed over the pulled row; `filedBy` names
 * the guardian who filed it (issue 43).
 */
async function requestDecision(
  place: ClassPlace,
  status: RequestStatus,
  filedBy: string | null = null,
): Promise<Attempt> {
  const id = await freshRequest(db, place, RequestOption.other, filedBy);
  const pulled = await pullThrough(db, requestsCollection, { id: school.userIds.admin, role: Role.admin });
  const doc = pulled.documents.find((row) => row.id === id);
  if (!doc) throw new Error('request not pulled');
  return {
    send: (session) => push(session, SyncCollection.requests, { ...doc, status }, doc),
    written: async () => {
      const [row] = await db.select().from(requests).where(eq(requests.id, id));
      return row?.status === status;
    },
  };
}

// Decisions: staff reject a pending request of a student of the owned class, of the other class of the
// subject, of another subject; a student cancels their own request or another student's.
Object.assign(ROW_MATRIX['POST /api/sync/requests/push']?.attempts ?? {}, {
  decideOwned: () => requestDecision(school.owned, RequestStatus.rejected),
  decideSameSubject: () => requestDecision(school.sameSubject, RequestStatus.rejected),
  decideOtherSubject: () => requestDecision(school.otherSubject, RequestStatus.rejected),
  cancelOwn: () => requestDecision(school.owned, RequestStatus.cancelled),
  cancelForeign: () => requestDecision(school.sameSubject, RequestStatus.cancelled),
  cancelFiled: () => requestDecision(school.owned, RequestStatus.cancelled, school.userIds.guardian),
  fileForWard: (who: Who) => absencePush(school.owned, who),
  fileForOther: (who: Who) => absencePush(school.sameSubject, who),
});

/**
 * An absence notice for a new sitting of `place`'s student, pushed as a device files it offline: marked as
 * filed by the guardian when the guardian sends it (issue 43), as the student's own otherwise.
 */
async function absencePush(place: ClassPlace, who: Who): Promise<Attempt> {
  const doc = newRequestDoc(
    {
      option: RequestOption.absent,
      subject_id: place.subjectId,
      class_id: place.classId,
      schedule_id: await freshSitting(db, place),
      score_name_id: null,
      late_minutes: null,
      points: null,
      content: '発熱のため欠席します',
    },
    {
      id: randomUUID(),
      studentId: place.studentId,
      universityId: place.universityId,
      createdAt: new Date().toISOString(),
      filedBy: who === 'guardian' ? school.userIds.guardian : null,
    },
  );
  return {
    send: (session) => push(session, SyncCollection.requests, doc),
    written: () => exists(db.select().from(requests).where(eq(requests.id, doc.id))),
  };
}

/** A draft plan of a new sitting, pushed as a client drafts it offline. */
async function planPush(target: Target): Promise<Attempt> {
  const { place, scheduleId } = await planSitting(target);
  const doc: NoteDoc = {
    ...sittingNoteDoc({
      id: planIdOf(scheduleId),
      kind: NoteKind.plan,
      subjectId: place.subjectId,
      universityId: place.universityId,
      lessonId: place.lessonId,
      scheduleId,
      authorId: null,
    }),
    content: '電車で下書き',
    publish: PlanPublish.draft,
    lessonType: LessonType.lesson,
  };
  return {
    send: (session) => push(session, SyncCollection.notes, doc),
    written: planWithContent(doc.id, '電車で下書き'),
  };
}

Object.assign(ROW_MATRIX['POST /api/sync/notes/push']?.attempts ?? {}, {
  planOwned: () => planPush('planOwned'),
  planSameSubject: () => planPush('planSameSubject'),
  planOtherSubject: () => planPush('planOtherSubject'),
});

/** Deleting, by a push, a row of `def` about a place (its subject, or its student) as an admin pulls it. */
async function pulledRowDeletion<Doc extends SyncedDoc, Row>(
  name: SyncCollection,
  def: SyncCollectionDef<Doc, Row>,
  place: ClassPlace,
): Promise<Attempt> {
  const admin = { id: school.userIds.admin, role: Role.admin };
  const about = (doc: Doc) => {
    const values: unknown[] = Object.values(doc);
    return values.includes(place.subjectId) || values.includes(place.studentId);
  };
  const doc = (await pullThrough(db, def, admin)).documents.find(about);
  if (!doc) throw new Error(`no ${name} row about the place`);
  return {
    send: (session) => push(session, name, { ...doc, _deleted: true }, doc),
    written: async () => {
      const after = (await pullThrough(db, def, admin)).documents.find((row) => row.id === doc.id);
      return after?.updatedAt !== doc.updatedAt || after._deleted;
    },
  };
}

/**
 * A status change of a new pending request (of `option`) of `place`'s student through its REST decision call;
 * `filedBy` names the guardian who filed it (issue 43).
 */
async function restDecision(
  place: ClassPlace,
  status: RequestStatus,
  option: RequestOption,
  filedBy: string | null = null,
): Promise<Attempt> {
  const id = await freshRequest(db, place, option, filedBy);
  const reason = status === RequestStatus.rejected ? '対象外です' : null;
  const segment = REQUEST_DECISION_SEGMENT[requestOptionMeaning(option).type];
  return {
    send: (session) => json(session, 'POST', `/api/requests/${id}/${segment}`, { status, reason }),
    written: async () => {
      const [row] = await db.select().from(requests).where(eq(requests.id, id));
      return row?.status === status;
    },
  };
}

async function importAttempt(target: Target, suffix: string): Promise<Attempt> {
  const place = classPlace(target);
  const scoreNameId = await freshScoreName(db, place);
  const [name] = await db.query.scoreNames.findMany({ where: (row, { eq: is }) => is(row.id, scoreNameId) });
  const file = await xlsxSheet(['学籍番号', '氏名', name?.name ?? ''], [[place.identity, '学生', 50]]);
  return {
    send: (session) => upload(session, `/api/achievement/import/${place.classId}${suffix}`, file),
    written: scoreWritten(place.subjectStudentId, scoreNameId),
  };
}

/** A student's dashboard lists only highlight cards (SPEC §2), so a student's own card is one. */
function stickyTypeOf(who: Who, target: Target): StickyType {
  return who === 'student' && target === 'own' ? StickyType.highlightAttendance : StickyType.memo;
}

function notificationRead(id: string) {
  return async () => {
    const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
    return row?.readAt !== null && row?.readAt !== undefined;
  };
}

function outcomeOf(response: LightMyRequestResponse, written: boolean): Outcome {
  let status = String(response.statusCode);
  if (response.statusCode === 200) {
    const body = response.json() as { conflicts?: { reason: string }[] };
    if (body.conflicts && body.conflicts.length > 0)
      status = `in-band ${body.conflicts.map((conflict) => conflict.reason).join(',')}`;
  }
  return written ? `${status} written` : status;
}

/**
 * The entity each write path writes (docs/access.md), for the routes whose targets are rows of the matrix's
 * kinds: their "written" cells must be exactly those the rules' table allows (`tableAllows`), besides the
 * statuses the rows above spell out. A target of another shape (a request's status, a locked subject, a mixed
 * mark) is checked by its own row only.
 */
const WRITE_ENTITIES: Partial<Record<string, { entity: Entity; targets?: readonly Target[] }>> = {
  'POST /api/attendance/:scheduleId': { entity: 'classWork' },
  'POST /api/sync/attendance/push': { entity: 'classWork' },
  'POST /api/achievement/:scoreNameId/:subjectClassId': { entity: 'classWork' },
  'POST /api/achievement/enter-sub-scores/:subjectClassId': { entity: 'classWork' },
  'POST /api/achievement/updateScore/:scoreNameId': { entity: 'classWork' },
  'POST /api/sync/achievements/push': { entity: 'classWork' },
  // Its `owned` and `otherSubject` targets are memos, which no push writes (their REST calls do).
  'POST /api/sync/notes/push': {
    entity: 'plan',
    targets: ['planOwned', 'planSameSubject', 'planOtherSubject'],
  },
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId/plan/create': {
    entity: 'plan',
  },
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId/plan/:planId': {
    entity: 'plan',
  },
  'POST /api/academic/subjects/:subjectId/formula': { entity: 'formula' },
  'POST /api/notification/read': { entity: 'notification' },
  'POST /api/sync/notifications/push': { entity: 'notification' },
  'POST /api/sticky/:stickyId': { entity: 'sticky' },
};

/** The kind of row a target is, where it is one of the kinds the rules' table is checked on. */
const KIND_OF_TARGET: Partial<Record<Target, MatrixKind>> = {
  owned: 'owned',
  sameSubject: 'sameSubject',
  otherSubject: 'otherSubject',
  own: 'own',
  foreign: 'foreign',
  planOwned: 'owned',
  planSameSubject: 'sameSubject',
  planOtherSubject: 'otherSubject',
};

/** The written cells the rules' table calls for, where the route names its entity. */
function writtenByTable(route: string, actual: Partial<Record<Target, Cells>>) {
  const declared = WRITE_ENTITIES[route];
  if (!declared) return null;
  const { entity, targets } = declared;
  const answer: Record<string, Record<string, boolean>> = {};
  const expected: Record<string, Record<string, boolean>> = {};
  for (const [target, row] of Object.entries(actual) as [Target, Cells][]) {
    const kind = KIND_OF_TARGET[target];
    if (!kind || (targets && !targets.includes(target))) continue;
    answer[target] = {};
    expected[target] = {};
    for (const who of WHO) {
      if (who === 'none') continue;
      answer[target][who] = row[who].endsWith('written');
      expected[target][who] = tableAllows(entity, 'write', who, kind);
    }
  }
  return { answer, expected };
}

describe('row-level authorisation matrix', () => {
  it('names the entity of every write path the rules table is checked on', () => {
    expect(Object.keys(WRITE_ENTITIES).filter((route) => !(route in ROW_MATRIX))).toEqual([]);
  });

  for (const [route, entry] of Object.entries(ROW_MATRIX)) {
    it(route, async () => {
      const actual: Partial<Record<Target, Cells>> = {};
      for (const [target, make] of Object.entries(entry.attempts) as [
        Target,
        (who: Who) => Promise<Attempt>,
      ][]) {
        const row: Partial<Cells> = {};
        for (const who of WHO) {
          const attempt = await make(who);
          const response = await attempt.send(client(who));
          expect(response.statusCode, `${route} ${target} ${who}: ${response.body}`).toBeLessThan(500);
          row[who] = outcomeOf(response, await attempt.written());
        }
        actual[target] = row as Cells;
      }
      expect(actual).toEqual(entry.expected);
      const byTable = writtenByTable(route, actual);
      if (byTable)
        expect(byTable.answer, `${route}: the rules' table (docs/access.md)`).toEqual(byTable.expected);
      // Each route tries every caller on every target: past 30 s on a loaded machine on PostgreSQL.
    }, 180_000);
  }
});

/**
 * State-changing calls with no row owner: sign-in and recovery, the caller's own account, admin-only master
 * data and events, the saved schedule filter, and the sync pushes of collections no role writes row by row
 * here. Each is tried once per caller with a body its schema refuses (a sync push: an empty one), so nothing
 * is written: a caller CALL_ROLES allows gets past the role check to an answer that is not 401 or 403. A
 * sync push's own roles (SYNC_COLLECTION_ROLES.push) are checked row by row, in-band (server/sync/push.test.ts).
 */
const ROLE_ONLY: readonly string[] = [
  'POST /api/login',
  'POST /api/otp',
  'POST /api/verify-otp',
  'POST /api/passkeys/registration-options',
  'POST /api/passkeys',
  'POST /api/passkeys/authentication-options',
  'POST /api/passkeys/authenticate',
  'POST /api/password/email',
  'POST /api/password/reset',
  'POST /api/password/force-change',
  'POST /api/edu-account/resend-choose-emails',
  // The school's settings (issue 44): admins alone (server/modules/auth/oidc.test.ts has their answers).
  'POST /api/school-settings',
  'POST /api/students/change-password',
  'POST /api/users/change-password',
  'POST /api/students/update-avatar',
  'POST /api/users/update-avatar',
  'POST /api/users/update-notification',
  'POST /api/users/update-language',
  'POST /api/students/update-profile',
  'POST /api/users/update-profile',
  'POST /api/notification/readAll',
  'POST /api/schedules/save-filter',
  ...['year-codes', 'universities', 'classes', 'exams', 'rooms', 'subjects', 'faculties'].flatMap(
    (segment) => [
      `POST /api/master-setting/${segment}`,
      `POST /api/master-setting/${segment}/:id`,
      `DELETE /api/master-setting/${segment}/:id`,
    ],
  ),
  'POST /api/master-setting/rooms/multiStore',
  'POST /api/viblo-event',
  'POST /api/viblo-event/:eventId',
  'DELETE /api/viblo-event/:eventId',
  'POST /api/viblo-event/:eventId/ranking-import',
  // The erasure names no row: it finds the students due itself (server/modules/privacy/privacy.test.ts).
  'POST /api/erasure/run',
  // Last: were it let through, it would end the callers' sessions.
  'POST /api/logout',
];

/** What a role-only cell shows: `passes` (any answer but 401, 403 or a 5xx), or the refusal's status. */
function roleOnlyOutcome(status: number): Outcome {
  return status === 401 || status === 403 ? String(status) : status >= 500 ? `${status}` : 'passes';
}

/**
 * The role-only cells CALL_ROLES calls for; a generic sync call of one collection narrows them to the
 * collection's roles (`SYNC_COLLECTION_ROLES`, which the sync routes check).
 */
function expectedRoleOnly(route: RegisteredRoute): Cells {
  const collection = route.fixed.collection as SyncCollection | undefined;
  const collectionRoles = collection
    ? SYNC_COLLECTION_ROLES[collection][callMethod(route.key) === 'GET' ? 'pull' : 'push']
    : null;
  return Object.fromEntries(
    WHO.map((who) => {
      const role = who === 'none' ? null : ROLE_OF[who];
      const allowed =
        canCall(role, route.key) && (!collectionRoles || (role !== null && collectionRoles.includes(role)));
      return [who, allowed ? 'passes' : role === null ? U : F];
    }),
  ) as Cells;
}

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let routes: RegisteredRoute[] = [];

function stateChangingRoutes(): Map<string, RegisteredRoute> {
  if (routes.length === 0) routes = registeredRoutes(t.app).filter((route) => isStateChangingCall(route.key));
  return new Map(routes.map((route) => [routeName(route), route]));
}

describe('role-only calls', () => {
  for (const name of ROLE_ONLY) {
    it(name, async () => {
      const route = stateChangingRoutes().get(name);
      if (!route) throw new Error(`${name} is not registered`);
      const url = name.slice(name.indexOf(' ') + 1).replace(/:[A-Za-z]+/g, UNKNOWN_ID);
      const actual: Partial<Cells> = {};
      for (const who of WHO) {
        // A sync push validates its rows before the collection's push rule, so it gets an empty push.
        const body = route.fixed.collection ? { rows: [] } : { matrix_unknown_field: 1 };
        const response = await json(client(who), callMethod(route.key) as 'POST' | 'DELETE', url, body);
        actual[who] = roleOnlyOutcome(response.statusCode);
      }
      expect({ [CALL_ROLES[route.key] === 'public' ? 'public' : 'signedIn']: actual }).toEqual({
        [CALL_ROLES[route.key] === 'public' ? 'public' : 'signedIn']: expectedRoleOnly(route),
      });
    });
  }
});

/**
 * Every registered read (a GET, or a search sent as POST) by every role, on unknown ids: the role check alone, which comes before any
 * row is looked at. A role CALL_ROLES allows gets past it (its answer is a 404 for the unknown row, a 400
 * for a missing query, or the list it may see); any other role gets 403, and no session 401. Which rows an
 * allowed role then reads is each area's row-level test (and the sync pulls' scope tests).
 */
describe('role-only reads', () => {
  const reads = () => registeredRoutes(t.app).filter((route) => !isStateChangingCall(route.key));

  it('covers every registered read', () => {
    expect(reads().length).toBeGreaterThan(50);
  });

  // About 120 reads for six callers: minutes on a loaded 2-core machine, where the default 30 s ran out.
  it('answers every read by the role table, and never with a 5xx', async () => {
    const actual: Record<string, Partial<Cells>> = {};
    const expected: Record<string, Cells> = {};
    for (const route of reads()) {
      const name = routeName(route);
      // A student may name only themself: `:studentId` is the signed-in student's own, the rest unknown.
      const url = name
        .slice(name.indexOf(' ') + 1)
        .replace(':studentId', school.owned.studentId)
        .replace(/:[A-Za-z]+/g, UNKNOWN_ID);
      actual[name] = {};
      for (const who of WHO) {
        const method = callMethod(route.key) as 'GET' | 'POST';
        // A search sent as POST reads too; an empty body gets past the role check to its validation.
        const response = await t.app.inject({
          method,
          url,
          headers: client(who).headers(),
          ...(method === 'POST' ? { payload: {} } : {}),
        });
        actual[name][who] = roleOnlyOutcome(response.statusCode);
      }
      expected[name] = expectedRoleOnly(route);
    }
    expect(actual).toEqual(expected);
  }, 300_000);
});

describe('coverage', () => {
  it('every registered state-changing call has rows, a role-only entry or a pending entry', () => {
    const registered = [...stateChangingRoutes().keys()].sort();
    const pending = PENDING_MATRIX_ROWS.map((entry) => entry.route);
    const listed = new Set([...Object.keys(ROW_MATRIX), ...ROLE_ONLY, ...pending]);
    expect(registered.filter((name) => !listed.has(name))).toEqual([]);
    // Matrix entries name registered calls only, each once.
    const tested = [...Object.keys(ROW_MATRIX), ...ROLE_ONLY];
    expect(tested.filter((name) => !registered.includes(name))).toEqual([]);
    expect([...tested, ...pending].length).toBe(new Set([...tested, ...pending]).size);
  });
});
