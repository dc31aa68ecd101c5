import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { requestedMark } from '../../../domain/attendance';
import { mayChangeRequestStatus, mayFileRequestOption } from '../../../domain/permissions';
import { RequestStatus } from '../../../domain/request-status';
import { AcceptReason, requestOptionMeaning, requestOptionNeeds } from '../../../domain/requests';
import { Role } from '../../../domain/roles';
import { SYNC_COLLECTION_ROLES, type SyncCollection, type SyncRejectReason } from '../../../domain/sync';
import {
  type AchievementDoc,
  AchievementDocKind,
  type RequestDoc,
  requestDocSchema,
} from '../../../domain/sync-docs';
import { achievementId, attendanceId } from '../../../domain/sync-ids';
import {
  lateMinutesSchema,
  pointValueSchema,
  requestContentSchema,
  scoreWithinFull,
} from '../../../domain/validation';
import { classScopeVersion, teacherIdsOfClassOrSubject } from '../../access/classes';
import { enrolledIn, liveEnrolments } from '../../access/enrolments';
import { isOwnOrWard, liveGuardianIdsOf } from '../../access/guardians';
import { requestReadScope } from '../../access/requests';
import { studentRecordOf } from '../../access-log/pulls';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { requests, users } from '../../db/schema';
import {
  docJsonOf,
  SYNC_DOC_FIELDS,
  SYNC_ROW_COLUMNS,
  selectStoredFields,
  storedColumns,
  storedFieldColumns,
  storedFieldsOf,
  toDocFields,
} from '../../sync/doc-fields';
import {
  PushRowRefused,
  type SyncCollectionDef,
  type SyncWriteContext,
  writeWithin,
} from '../../sync/engine';
import { upsertRow } from '../../sync/write-row';
import { achievementsCollection } from '../achievement/collection';
import { attendanceCollection, unmarkedAttendance } from '../attendance/collection';
import { notifyDepsOf, notifyRequestEvent } from '../dashboard/notifications';

// Every stored field of the document is a column of the same name (`requests` keyed by the document's
// fields): the sync's row, select, JSON page and write, and the REST reads (service.ts), all come from this
// one list, so a new field is listed in the document schema and the table alone.
const FIELDS = storedFieldsOf(requestDocSchema);

/** The fields the server sets itself: when the request was made, who decided it and when. */
const SERVER_FIELDS = ['createdAt', 'decidedBy', 'decidedAt'] as const;

/** The fields a push writes as sent: all the others. */
const WRITTEN_FIELDS = FIELDS.filter(
  (field): field is Exclude<(typeof FIELDS)[number], (typeof SERVER_FIELDS)[number]> =>
    !SERVER_FIELDS.some((own) => own === field),
);

/** A request's row named after its document's fields, with its sequence and soft-delete flag. */
export const requestRowSchema = requestDocSchema.omit(SYNC_DOC_FIELDS).extend(SYNC_ROW_COLUMNS);

type RequestRow = z.infer<typeof requestRowSchema>;

/** The document's stored fields read from `requests r`, for a select of the same rows with more columns. */
export const requestFieldColumns = storedFieldColumns(requests, 'r', FIELDS);

const SELECT = selectStoredFields(requests, 'r', FIELDS);

/** A row of `requestRowSchema` as the document. */
export const toRequestDoc = (row: RequestRow): RequestDoc => toDocFields(row);

const toDoc = toRequestDoc;

const idRow = z.object({ id: z.string() });

const requestTeacherIds = (db: Executor, doc: RequestDoc) => teacherIdsOfClassOrSubject(db, doc);

async function studentUserId(db: Executor, studentId: string): Promise<string | null> {
  const [row] = await queryRows(
    db,
    sql`select s.user_id::text as id from students s where s.id = ${studentId}`,
    idRow,
  );
  return row?.id ?? null;
}

/** What a decision changes: the status, its reasons, and who decided when. */
const DECISION_FIELDS = ['id', 'status', 'acceptReason', 'rejectReason', 'decidedBy', 'decidedAt'] as const;

/**
 * What a request says (every field but its id and decision, whatever fields the schema grows); none of it
 * changes after it was made, only its status and decision do.
 */
const CONTENT_FIELDS = FIELDS.filter((field) => !DECISION_FIELDS.some((decision) => decision === field));

/** Whether a request names exactly what its option needs (`requestOptionNeeds`) and nothing else. */
function namesWhatItNeeds(doc: RequestDoc): boolean {
  const needs = requestOptionNeeds(doc.option);
  return (
    (doc.scheduleId !== null) === needs.schedule &&
    (doc.scoreNameId !== null) === needs.scoreName &&
    (doc.points !== null) === needs.scoreName &&
    (doc.lateMinutes !== null) === needs.lateMinutes &&
    (doc.points === null || pointValueSchema.safeParse(doc.points).success) &&
    (doc.lateMinutes === null || lateMinutesSchema.safeParse(doc.lateMinutes).success) &&
    requestContentSchema.safeParse(doc.content).success
  );
}

const fullScoreRow = z.object({ full_score: z.coerce.number() });

/**
 * Whether what a request is about is the student's own: the subject they are enrolled in, the class of it they
 * sit in when one is named, a live sitting of a class they sit in (of the named class, when one is named), a
 * live score name of the subject with the score asked within its full score (issue #20: for the REST call and
 * the sync push alike).
 */
async function aboutOwnRecords(tx: Executor, doc: RequestDoc): Promise<boolean> {
  // issue #23: a request naming no class once reached a subject's teachers from anybody.
  const seat =
    doc.classId === null
      ? sql`select 'enrolled' as id where ${enrolledIn(sql`${doc.studentId}::uuid`, sql`${doc.subjectId}::uuid`)}`
      : sql`select cs.id::text as id from class_students cs
          where cs.class_id = ${doc.classId} and cs.subject_id = ${doc.subjectId}
          and cs.student_id = ${doc.studentId} and not cs.deleted`;
  if ((await queryRows(tx, seat, idRow)).length === 0) return false;
  if (doc.scheduleId !== null) {
    const place = await sittingPlace(tx, doc);
    if (place === null) return false;
  }
  if (doc.scoreNameId !== null) {
    const [scoreName] = await queryRows(
      tx,
      sql`select full_score::float8 as full_score from score_names
          where id = ${doc.scoreNameId} and subject_id = ${doc.subjectId} and not deleted`,
      fullScoreRow,
    );
    if (!scoreName || !scoreWithinFull(doc.points, scoreName.full_score)) return false;
  }
  return true;
}

const sittingRow = z.object({ class_student_id: z.string() });

/** The student's seat in the class of the request's sitting (of its named class), or null when not theirs. */
async function sittingPlace(tx: Executor, doc: RequestDoc): Promise<{ class_student_id: string } | null> {
  const [row] = await queryRows(
    tx,
    sql`select cs.id::text as class_student_id from schedules s
        join class_students cs on cs.class_id = s.class_id and cs.student_id = ${doc.studentId} and not cs.deleted
        where s.id = ${doc.scheduleId} and s.subject_id = ${doc.subjectId} and not s.deleted
        ${doc.classId === null ? sql`` : sql`and s.class_id = ${doc.classId}`}`,
    sittingRow,
  );
  return row ?? null;
}

/**
 * Who a new request must say filed it: null for the student themself, the guardian's own id for a guardian
 * filing for their child (issue 43).
 */
const filerOf = (actor: { id: string; role: number }) => (actor.role === Role.guardian ? actor.id : null);

/**
 * A new request: the signed-in student's own, or a guardian's for one of their wards (an option a guardian
 * files, marked as filed by them), pending, about the student's own records, its kinds those of its option.
 */
async function refuseCreate(ctx: SyncWriteContext, next: RequestDoc): Promise<SyncRejectReason | null> {
  const owner = await studentUserId(ctx.tx, next.studentId);
  if (owner === null) return 'invalid';
  if (!(await isOwnOrWard(ctx.tx, ctx.actor, next.studentId))) return 'forbidden';
  if (!mayFileRequestOption(ctx.actor.role, next.option)) return 'forbidden';
  if (next.filedBy !== filerOf(ctx.actor)) return 'invalid';
  const meaning = requestOptionMeaning(next.option);
  const shaped =
    next.status === RequestStatus.requesting &&
    next.acceptReason === null &&
    next.rejectReason === null &&
    meaning.type === next.type &&
    meaning.attendanceKind === next.attendanceKind &&
    meaning.confirmKind === next.confirmKind &&
    namesWhatItNeeds(next) &&
    !next._deleted;
  if (!shaped) return 'invalid';
  return (await aboutOwnRecords(ctx.tx, next)) ? null : 'forbidden';
}

/** A change of a request: only its status (with the accept reason), by whom `mayChangeRequestStatus` lets. */
async function refuseChange(
  ctx: SyncWriteContext,
  next: RequestDoc,
  current: RequestDoc,
  base: RequestDoc | null,
): Promise<SyncRejectReason | null> {
  if (next._deleted || CONTENT_FIELDS.some((field) => next[field] !== current[field])) return 'invalid';
  // Decided elsewhere since the writer read it (two staff at once, or the student's cancel): the later one is
  // told, not applied, even when it asks for the same status.
  if (base !== null && base.status !== current.status) return 'conflict';
  if (next.status === current.status) {
    const same = next.acceptReason === current.acceptReason && next.rejectReason === current.rejectReason;
    return same ? null : 'invalid';
  }
  const owner = await studentUserId(ctx.tx, current.studentId);
  const request = {
    student_id: owner ?? '',
    status: current.status,
    classTeacherIds: await requestTeacherIds(ctx.tx, current),
    filed_by: current.filedBy,
  };
  if (!mayChangeRequestStatus(ctx.actor, request, next.status)) return 'forbidden';
  // A guardian whose link has ended no longer acts for the child, not even on what they filed.
  if (ctx.actor.role === Role.guardian && !(await isOwnOrWard(ctx.tx, ctx.actor, current.studentId)))
    return 'forbidden';
  const accepted = next.status === RequestStatus.accepted;
  const rejected = next.status === RequestStatus.rejected;
  if ((next.acceptReason !== null) !== accepted) return 'invalid';
  if (next.rejectReason !== null && (!rejected || !requestContentSchema.safeParse(next.rejectReason).success))
    return 'invalid';
  return null;
}

/** The server's current request with this id (deleted included), or null. */
export async function readRequestDoc(db: Executor, id: string): Promise<RequestDoc | null> {
  const [row] = await queryRows(db, sql`${SELECT} where r.id = ${id}`, requestRowSchema);
  return row ? toDoc(row) : null;
}

/** Who hears of a request: the teachers who handle it, its student and their guardians, and every admin. */
async function requestAudience(db: Executor, docs: readonly RequestDoc[]): Promise<string[]> {
  const ids = new Set<string>();
  for (const doc of docs) {
    for (const id of await requestTeacherIds(db, doc)) ids.add(id);
    const owner = await studentUserId(db, doc.studentId);
    if (owner) ids.add(owner);
  }
  for (const id of await liveGuardianIdsOf(
    db,
    docs.map((doc) => doc.studentId),
  ))
    ids.add(id);
  const admins = await db.select({ id: users.id }).from(users).where(sql`${users.role} = ${Role.admin}`);
  for (const admin of admins) ids.add(admin.id);
  return [...ids];
}

/** Whether a request is accepted with update and names a record to change (a sitting or a score). */
function updatesRecord(doc: RequestDoc): boolean {
  return (
    doc.status === RequestStatus.accepted &&
    doc.acceptReason === AcceptReason.withUpdate &&
    (doc.scheduleId !== null || doc.scoreNameId !== null)
  );
}

/** The collection an acceptance with update writes to. */
const appliedCollection = (doc: RequestDoc): SyncCollection =>
  doc.scoreNameId !== null ? 'achievements' : 'attendance';

const enrolmentRow = z.object({ id: z.string(), full_score: z.coerce.number() });

/**
 * Carries out an acceptance with update in the decision's own transaction (issue #20): the mark of the named
 * sitting becomes what the request asks (`requestedMark`), or the named score the score it asks for, through
 * that collection's own rules and history, the history line naming the request. A request about no sitting
 * or score changes nothing; one whose record can no longer be written refuses the decision whole.
 */
async function applyRequest(ctx: SyncWriteContext, doc: RequestDoc): Promise<void> {
  const applying = { ...ctx, requestId: doc.id };
  const mark = requestedMark(doc);
  if (doc.scheduleId !== null && mark !== null) {
    const place = await sittingPlace(ctx.tx, doc);
    if (place === null) throw new PushRowRefused({ document: doc, reason: 'invalid' });
    const at = {
      id: attendanceId(place.class_student_id, doc.scheduleId),
      subjectId: doc.subjectId,
      universityId: doc.universityId,
      classStudentId: place.class_student_id,
      studentId: doc.studentId,
      scheduleId: doc.scheduleId,
    };
    const empty = unmarkedAttendance(at);
    await writeWithin(
      applying,
      attendanceCollection,
      empty,
      (current) => ({ ...(current ?? empty), ...mark }),
      false,
    );
    return;
  }
  if (doc.scoreNameId === null) return;
  const scoreNameId = doc.scoreNameId;
  const [enrolment] = await queryRows(
    ctx.tx,
    sql`select ss.id::text as id, sn.full_score::float8 as full_score from ${liveEnrolments} ss
        join score_names sn on sn.id = ${scoreNameId} and sn.subject_id = ss.subject_id
        where ss.subject_id = ${doc.subjectId} and ss.student_id = ${doc.studentId}`,
    enrolmentRow,
  );
  if (!enrolment) throw new PushRowRefused({ document: doc, reason: 'invalid' });
  const empty: AchievementDoc = {
    id: achievementId(enrolment.id, scoreNameId),
    kind: AchievementDocKind.score,
    subjectId: doc.subjectId,
    universityId: doc.universityId,
    subjectStudentId: enrolment.id,
    studentId: doc.studentId,
    scoreNameId,
    fullScore: enrolment.full_score,
    scheduleId: null,
    points: null,
    finalScore: null,
    comment: null,
    updatedAt: 0,
    _deleted: false,
  };
  await writeWithin(
    applying,
    achievementsCollection,
    empty,
    (current) => ({ ...(current ?? empty), points: doc.points, _deleted: false }),
    false,
  );
}

/**
 * `requests`: students create their requests offline and cancel them; teachers of the class and admins
 * accept or reject them. Rows compare whole: a decision made elsewhere first wins.
 */
/** The notification event a request's state stands for, if any. */
function requestEvent(status: number): 'created' | 'decided' | null {
  if (status === RequestStatus.requesting) return 'created';
  if (status === RequestStatus.accepted || status === RequestStatus.rejected) return 'decided';
  return null;
}

export const requestsCollection: SyncCollectionDef<RequestDoc, RequestRow> = {
  name: 'requests',
  docSchema: requestDocSchema,
  pullRoles: SYNC_COLLECTION_ROLES.requests.pull,
  scopeVersion: classScopeVersion,
  scope: (actor) => sql`${SELECT} where ${requestReadScope(actor)}`,
  rowSchema: requestRowSchema,
  toDoc,
  docJson: docJsonOf(requestDocSchema),
  recordOf: studentRecordOf,
  push: {
    roles: SYNC_COLLECTION_ROLES.requests.push,
    mergeFields: null,
    async readForUpdate({ tx }, doc) {
      const [row] = await queryRows(
        tx,
        sql`${SELECT} where r.id = ${doc.id} for update of r`,
        requestRowSchema,
      );
      return row ? toDoc(row) : null;
    },
    // A new request tells the staff who handle it; an accepted or rejected one tells its student (issue 8).
    // An acceptance with update also changed a mark or a score: their readers pull it too.
    async afterCommit(deps, written) {
      const applied = written.filter(updatesRecord);
      const changed = [...new Set(applied.map(appliedCollection))];
      if (changed.length > 0) await deps.feed.publishChange(changed, await requestAudience(deps.db, applied));
      deps.cardRefresh.request(written.map((doc) => doc.subjectId));
      for (const doc of written) {
        const event = requestEvent(doc.status);
        if (event) await notifyRequestEvent(notifyDepsOf(deps), doc.id, event);
      }
    },
    refuse: (ctx, next, current, base) =>
      current ? refuseChange(ctx, next, current, base) : refuseCreate(ctx, next),
    async write(ctx, doc, current) {
      const { tx, seq, now, actor } = ctx;
      const decided = current !== null && current.status !== doc.status;
      if (decided && updatesRecord(doc)) await applyRequest(ctx, doc);
      await upsertRow(tx, requests, [
        ...storedColumns(requests, WRITTEN_FIELDS, doc),
        [requests.decidedBy, decided ? actor.id : (current?.decidedBy ?? null)],
        [requests.decidedAt, decided ? now.toISOString() : (current?.decidedAt ?? null)],
        [requests.seq, seq],
        [requests.deleted, false],
        [requests.updatedAt, now.toISOString()],
      ]);
    },
    serverFields: true,
    audience: requestAudience,
  },
};
