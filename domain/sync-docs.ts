import { z } from 'zod';
import { attendanceStatusSchema } from './attendance';
import { codeSchema } from './codes';
import { LIMITS } from './limits';
import { MasterKind } from './master-kind';
import { notificationParamsSchema } from './notifications';
import { RequestStatus } from './request-status';
import { AcceptReason, AttendanceRequestKind, ConfirmKind, RequestOption, RequestType } from './requests';
import type { SyncCollection } from './sync';

const id = z.string().min(1).max(64);
const sequence = z.number().int().nonnegative();
const text = z.string().max(10_000);

/** Zod schema of a request status. */
export const requestStatusSchema = codeSchema(RequestStatus);
/** Zod schema of an accept reason. */
export const acceptReasonSchema = codeSchema(AcceptReason);
/** Zod schema of a request type. */
export const requestTypeSchema = codeSchema(RequestType);
/** Zod schema of an attendance request kind. */
export const attendanceRequestKindSchema = codeSchema(AttendanceRequestKind);
/** Zod schema of a confirm kind. */
export const confirmKindSchema = codeSchema(ConfirmKind);
/** Zod schema of a request option. */
export const requestOptionSchema = codeSchema(RequestOption);

/** Zod schema of a master kind. */
export const masterKindSchema = z.enum(MasterKind);

/**
 * One master row as the `master` collection stores it and `/api/sync/master/pull` sends it. Relations that a
 * kind does not have are null. `updatedAt` is the server's commit-ordered change sequence, not a clock.
 */
export const masterDocSchema = z.strictObject({
  id: z.string().min(1).max(64),
  kind: masterKindSchema,
  name: z.string(),
  universityId: z.string().nullable(),
  facultyId: z.string().nullable(),
  subjectNameId: z.string().nullable(),
  color: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  updatedAt: z.number().int().nonnegative(),
  _deleted: z.boolean(),
});

export type MasterDoc = z.infer<typeof masterDocSchema>;

/**
 * A person of the `people` collection: a user the signed-in user may see, with the student profile when the
 * user is a student. Addresses and phone numbers stay on the server, but for staff e-mails shown to staff.
 */
export const personDocSchema = z.strictObject({
  id,
  role: z.number().int(),
  name: z.string(),
  nameKana: z.string().nullable(),
  /**
   * A staff member's e-mail, for staff viewers only (issue 42 row 9: it tells namesakes apart in the teacher
   * pickers); null on students' and guardians' rows and on every row a student's or guardian's device pulls.
   */
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  retireAt: z.string().nullable(),
  /**
   * A person deleted with history (issue #16): kept for the names on past sheets and reports, but offered in
   * no picker and no new class.
   */
  deactivated: z.boolean(),
  studentId: id.nullable(),
  identity: z.string().nullable(),
  universityId: id.nullable(),
  facultyId: id.nullable(),
  yearCodeId: id.nullable(),
  updatedAt: sequence,
  _deleted: z.boolean(),
});

export type PersonDoc = z.infer<typeof personDocSchema>;

/** One attendance of the `attendance` collection; the id is `attendanceId(classStudentId, scheduleId)`. */
export const attendanceDocSchema = z.strictObject({
  id,
  subjectId: id,
  universityId: id,
  classStudentId: id,
  studentId: id,
  scheduleId: id,
  status: attendanceStatusSchema.nullable(),
  lateMinutes: z.number().int().nullable(),
  absenceReasons: text.nullable(),
  comment: text.nullable(),
  updatedAt: sequence,
  _deleted: z.boolean(),
});

export type AttendanceDoc = z.infer<typeof attendanceDocSchema>;

/** The kinds of row the `achievements` collection groups (ARCHITECTURE §3: the collection cap). */
export const AchievementDocKind = { score: 'score', result: 'result' } as const;

export type AchievementDocKind = (typeof AchievementDocKind)[keyof typeof AchievementDocKind];

/**
 * One row of the `achievements` collection, told apart by `kind`:
 * - a score, id `achievementId(subjectStudentId, scoreNameId)`, with its score name's full score;
 * - a result, id `resultId(subjectStudentId)`: the final score set by hand (null: the formula's value
 *   stands) and the comment on the whole subject. A result has no score name (`scoreNameId` is empty, since
 *   the local database cannot index a null), full score, schedule or points.
 */
export const achievementDocSchema = z.strictObject({
  id,
  kind: z.enum(AchievementDocKind),
  subjectId: id,
  universityId: id,
  subjectStudentId: id,
  studentId: id,
  scoreNameId: z.string().max(64),
  fullScore: z.number().nullable(),
  scheduleId: id.nullable(),
  points: z.number().nullable(),
  finalScore: z.number().nullable(),
  comment: text.nullable(),
  updatedAt: sequence,
  _deleted: z.boolean(),
});

export type AchievementDoc = z.infer<typeof achievementDocSchema>;

/**
 * One open dashboard card of the `stickies` collection (SPEC §3 Sticky), flattened with the names it shows,
 * so the dashboard renders offline. A card the user closed arrives deleted: the dashboard lists open cards
 * only. The names are copied when the card last changed.
 */
export const stickyDocSchema = z.strictObject({
  id,
  type: z.number().int(),
  content: text.nullable(),
  createdAt: z.string().max(40),
  subjectId: id.nullable(),
  subjectName: z.string().nullable(),
  yearCodeName: z.string().nullable(),
  lessonId: id.nullable(),
  lessonName: z.string().nullable(),
  lessonType: z.number().int().nullable(),
  classId: id.nullable(),
  className: z.string().nullable(),
  scheduleId: id.nullable(),
  roomName: z.string().nullable(),
  highlightId: id.nullable(),
  highlightType: z.number().int().nullable(),
  conditionType: z.number().int().nullable(),
  compareType: z.number().int().nullable(),
  highlightValue: z.number().nullable(),
  messageToStudent: text.nullable(),
  planId: id.nullable(),
  contactUrls: z.array(z.string().max(LIMITS.urlMaxLength)).max(50),
  memoId: id.nullable(),
  requestId: id.nullable(),
  studentId: id.nullable(),
  studentIdentity: z.string().nullable(),
  studentName: z.string().nullable(),
  updatedAt: sequence,
  _deleted: z.boolean(),
});

export type StickyDoc = z.infer<typeof stickyDocSchema>;

/**
 * One notification of the `notifications` collection (SPEC §3: id, created_at, data.message, data.url).
 * `read` is the only field a client writes: marking read is pushed, offline too. It is a flag rather than the
 * time (the server keeps the time), so two devices that both mark a notification read agree, not conflict.
 * `params` says what it is about (`notificationParamsSchema`), for the app to word it.
 */
export const notificationDocSchema = z.strictObject({
  id,
  message: z.string().max(LIMITS.noteMaxLength),
  url: z.string().max(LIMITS.urlMaxLength),
  params: notificationParamsSchema.nullable(),
  createdAt: z.string().max(40),
  read: z.boolean(),
  updatedAt: sequence,
  _deleted: z.boolean(),
});

export type NotificationDoc = z.infer<typeof notificationDocSchema>;

/**
 * One student request of the `requests` collection (SPEC §3). The student creates it with a client-made id
 * and may cancel it; staff of its class accept or reject it. `decidedBy` and `decidedAt` are the server's.
 * `points` is the score an achievement confirm asks for (what an acceptance with update enters);
 * `rejectReason` is the staff's reason, set with a rejection only. `filedBy` is the guardian who filed it for
 * their child (issue 43), null when the student filed it themself.
 */
export const requestDocSchema = z.strictObject({
  id,
  subjectId: id,
  universityId: id,
  studentId: id,
  classId: id.nullable(),
  scheduleId: id.nullable(),
  scoreNameId: id.nullable(),
  type: requestTypeSchema,
  status: requestStatusSchema,
  option: requestOptionSchema,
  attendanceKind: attendanceRequestKindSchema.nullable(),
  confirmKind: confirmKindSchema.nullable(),
  acceptReason: acceptReasonSchema.nullable(),
  lateMinutes: z.number().int().nullable(),
  points: z.number().nullable(),
  content: z.string().max(LIMITS.requestContentMaxLength),
  rejectReason: z.string().max(LIMITS.requestContentMaxLength).nullable(),
  decidedBy: id.nullable(),
  decidedAt: z.string().max(40).nullable(),
  filedBy: id.nullable(),
  createdAt: z.string().max(40),
  updatedAt: sequence,
  _deleted: z.boolean(),
});

export type RequestDoc = z.infer<typeof requestDocSchema>;

/** The kinds of row the `notes` collection groups by shape (ARCHITECTURE §3). */
export const NoteKind = { memo: 'memo', plan: 'plan', planNote: 'plan_note', note: 'note' } as const;
export type NoteKind = (typeof NoteKind)[keyof typeof NoteKind];

/**
 * One row of the `notes` collection: a memo (with its schedules), a plan, a note on a plan, or a note on a
 * subject, told apart by `kind`. Fields another kind does not have are null (empty lists for lists).
 */
export const noteDocSchema = z.strictObject({
  id,
  kind: z.enum(NoteKind),
  subjectId: id,
  universityId: id,
  lessonId: id.nullable(),
  scheduleId: id.nullable(),
  planId: id.nullable(),
  studentId: id.nullable(),
  authorId: id.nullable(),
  content: text.nullable(),
  publish: z.number().int().nullable(),
  lessonType: z.number().int().nullable(),
  contactToHeadTeacher: z.boolean().nullable(),
  scheduleIds: z.array(id),
  links: z.array(z.object({ title: z.string(), link: z.string() })),
  contactToStudent: z.array(z.object({ url: z.string() })),
  updatedAt: sequence,
  _deleted: z.boolean(),
});

export type NoteDoc = z.infer<typeof noteDocSchema>;

/** Where a plan or a note on one sits, and who wrote it. */
export type SittingNotePlace = Pick<
  NoteDoc,
  'id' | 'kind' | 'subjectId' | 'universityId' | 'lessonId' | 'scheduleId' | 'authorId'
>;

/** A plan or plan note at a sitting with every content field empty, as a new row starts. */
export function sittingNoteDoc(place: SittingNotePlace): NoteDoc {
  return {
    ...place,
    planId: null,
    studentId: null,
    content: null,
    publish: null,
    lessonType: null,
    contactToHeadTeacher: null,
    scheduleIds: [],
    links: [],
    contactToStudent: [],
    updatedAt: 0,
    _deleted: false,
  };
}

/** The kinds of row the `subjects` collection groups by shape (ARCHITECTURE §3: one collection per shape). */
export const SubjectDocKind = {
  subject: 'subject',
  subjectClass: 'class',
  classStudent: 'classStudent',
  scoreName: 'scoreName',
  highlight: 'highlight',
} as const;

export type SubjectDocKind = (typeof SubjectDocKind)[keyof typeof SubjectDocKind];

/**
 * One row of the `subjects` collection: a subject with its formula, period and settings; a class of it with
 * its teachers; a class student (the enrolment, with the `subjectStudentId` scores hang on); a score name;
 * or a highlight rule. Fields that do not belong to a row's kind are null (an empty list for `teacherIds`),
 * because the local database cannot index optional fields. `subjectId` is the subject's own id on a subject.
 */
export const subjectDocSchema = z.strictObject({
  id,
  kind: z.enum(SubjectDocKind),
  subjectId: id,
  universityId: id,
  // subject
  subjectNameId: id.nullable(),
  facultyId: id.nullable(),
  yearCodeId: id.nullable(),
  semesterId: id.nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  formula: text.nullable(),
  teacherAllowUpdateFinalScore: z.boolean().nullable(),
  publish: z.number().int().nullable(),
  // class
  classNameId: id.nullable(),
  teacherIds: z.array(id),
  // class student
  classId: id.nullable(),
  studentId: id.nullable(),
  subjectStudentId: id.nullable(),
  // score name
  lessonId: id.nullable(),
  parentId: id.nullable(),
  name: z.string().nullable(),
  fullScore: z.number().nullable(),
  optionPlus: z.boolean().nullable(),
  position: z.number().int().nullable(),
  // highlight
  highlightType: z.number().int().nullable(),
  conditionType: z.number().int().nullable(),
  compareType: z.number().int().nullable(),
  value: z.number().nullable(),
  messageToStudent: text.nullable(),
  hidden: z.boolean().nullable(),
  updatedAt: sequence,
  _deleted: z.boolean(),
});

export type SubjectDoc = z.infer<typeof subjectDocSchema>;

/** One schedule (a sitting of a lesson for a class) of the `schedules` collection, with its teachers. */
export const scheduleDocSchema = z.strictObject({
  id,
  subjectId: id,
  universityId: id,
  lessonId: id,
  classId: id,
  day: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  roomId: id.nullable(),
  teacherIds: z.array(id),
  updatedAt: sequence,
  _deleted: z.boolean(),
});

export type ScheduleDoc = z.infer<typeof scheduleDocSchema>;

/** One lesson or exam of the `lessons` collection; `publish` draft is the lessons-draft tab. */
export const lessonDocSchema = z.strictObject({
  id,
  subjectId: id,
  universityId: id,
  name: z.string(),
  type: z.number().int(),
  publish: z.number().int(),
  tableOfContents: text.nullable(),
  overview: text.nullable(),
  minutes: z.number().int().nullable(),
  examNameId: id.nullable(),
  assistApply: z.boolean(),
  assistStatus: z.number().int(),
  updatedAt: sequence,
  _deleted: z.boolean(),
});

export type LessonDoc = z.infer<typeof lessonDocSchema>;

/**
 * The document schema of every replicated collection, by name: what a pull sends and a push carries, and the
 * shape the browser stores (its RxDB schema is generated from it).
 */
export const SYNC_DOC_SCHEMAS = {
  master: masterDocSchema,
  people: personDocSchema,
  attendance: attendanceDocSchema,
  achievements: achievementDocSchema,
  stickies: stickyDocSchema,
  notifications: notificationDocSchema,
  requests: requestDocSchema,
  notes: noteDocSchema,
  subjects: subjectDocSchema,
  schedules: scheduleDocSchema,
  lessons: lessonDocSchema,
} as const satisfies Record<SyncCollection, z.ZodObject>;

/** The document of a replicated collection, as the wire carries it. */
export type SyncDoc<Name extends SyncCollection> = z.infer<(typeof SYNC_DOC_SCHEMAS)[Name]>;
