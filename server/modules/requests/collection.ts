import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { mayChangeRequestStatus, studentOwnsRecord } from '../../../domain/permissions';
import { RequestStatus, requestOptionMeaning } from '../../../domain/requests';
import { Role } from '../../../domain/roles';
import { SYNC_COLLECTION_ROLES, type SyncRejectReason } from '../../../domain/sync';
import { type RequestDoc, requestDocSchema } from '../../../domain/sync-docs';
import { classScopeVersion, teacherIdsOfClassOrSubject, teachesClassOrSubject } from '../../access/classes';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { requests, users } from '../../db/schema';
import { notifyDepsOf, notifyRequestEvent } from '../../modules/dashboard/notifications';
import type { SyncActor, SyncCollectionDef, SyncWriteContext } from '../../sync/engine';
import { upsertRow } from '../../sync/write-row';

const requestRowSchema = z.object({
  id: z.string(),
  subject_id: z.string(),
  university_id: z.string(),
  student_id: z.string(),
  student_user_id: z.string(),
  class_id: z.string().nullable(),
  schedule_id: z.string().nullable(),
  score_name_id: z.string().nullable(),
  type: z.number().int(),
  status: z.number().int(),
  option: z.number().int(),
  attendance_kind: z.number().int().nullable(),
  confirm_kind: z.number().int().nullable(),
  accept_reason: z.number().int().nullable(),
  late_minutes: z.number().int().nullable(),
  content: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
  seq: z.coerce.number().int(),
  deleted: z.boolean(),
});

type RequestRow = z.infer<typeof requestRowSchema>;

const SELECT = sql`select r.id::text as id, r.subject_id::text as subject_id, r.university_id::text as university_id,
  r.student_id::text as student_id, s.user_id::text as student_user_id, r.class_id::text as class_id,
  r.schedule_id::text as schedule_id, r.score_name_id::text as score_name_id, r.type::int as type,
  r.status::int as status, r.option::int as option, r.attendance_kind::int as attendance_kind,
  r.confirm_kind::int as confirm_kind, r.accept_reason::int as accept_reason, r.late_minutes::int as late_minutes,
  r.content, r.decided_by::text as decided_by, to_json(r.decided_at) #>> '{}' as decided_at,
  to_json(r.created_at) #>> '{}' as created_at, r.seq, r.deleted
  from requests r join students s on s.id = r.student_id`;

function toDoc(row: RequestRow): RequestDoc {
  return requestDocSchema.parse({
    id: row.id,
    subjectId: row.subject_id,
    universityId: row.university_id,
    studentId: row.student_id,
    classId: row.class_id,
    scheduleId: row.schedule_id,
    scoreNameId: row.score_name_id,
    type: row.type,
    status: row.status,
    option: row.option,
    attendanceKind: row.attendance_kind,
    confirmKind: row.confirm_kind,
    acceptReason: row.accept_reason,
    lateMinutes: row.late_minutes,
    content: row.content,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    createdAt: row.created_at,
    updatedAt: row.seq,
    _deleted: row.deleted,
  });
}

/** SPEC §6: admins every request, teachers those of the classes they teach, students their own. */
function requestScope(actor: SyncActor): SQL {
  if (actor.role === Role.admin) return sql`true`;
  if (actor.role === Role.student) return sql`s.user_id = ${actor.id}`;
  // The teachers in charge of a request: of its class, or of any class of its subject when it names none.
  if (actor.role === Role.teacher) return teachesClassOrSubject(actor.id, sql`r.class_id`, sql`r.subject_id`);
  return sql`false`;
}

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

/** What a request says; none of it changes after it was made, only its status and decision do. */
const CONTENT_FIELDS = [
  'subjectId',
  'universityId',
  'studentId',
  'classId',
  'scheduleId',
  'scoreNameId',
  'type',
  'option',
  'attendanceKind',
  'confirmKind',
  'lateMinutes',
  'content',
  'createdAt',
] as const;

/** A new request: the signed-in student's own, pending, in a class they sit in, its kinds those of its option. */
async function refuseCreate(ctx: SyncWriteContext, next: RequestDoc): Promise<SyncRejectReason | null> {
  const owner = await studentUserId(ctx.tx, next.studentId);
  if (owner === null) return 'invalid';
  if (!studentOwnsRecord(ctx.actor, owner)) return 'forbidden';
  const meaning = requestOptionMeaning(next.option);
  const shaped =
    next.status === RequestStatus.requesting &&
    next.acceptReason === null &&
    meaning.type === next.type &&
    meaning.attendanceKind === next.attendanceKind &&
    meaning.confirmKind === next.confirmKind &&
    !next._deleted;
  if (!shaped) return 'invalid';
  // The student files about a subject they are enrolled in, and a class of it they sit in when one is named
  // (issue #23: a request naming no class once reached a subject's teachers from anybody).
  const seat =
    next.classId === null
      ? sql`select ss.id::text as id from subject_students ss
          where ss.subject_id = ${next.subjectId} and ss.student_id = ${next.studentId} and not ss.deleted`
      : sql`select cs.id::text as id from class_students cs
          where cs.class_id = ${next.classId} and cs.subject_id = ${next.subjectId}
          and cs.student_id = ${next.studentId} and not cs.deleted`;
  const seated = await queryRows(ctx.tx, seat, idRow);
  return seated.length > 0 ? null : 'forbidden';
}

/** A change of a request: only its status (with the accept reason), by whom `mayChangeRequestStatus` lets. */
async function refuseChange(
  ctx: SyncWriteContext,
  next: RequestDoc,
  current: RequestDoc,
): Promise<SyncRejectReason | null> {
  if (next._deleted || CONTENT_FIELDS.some((field) => next[field] !== current[field])) return 'invalid';
  const owner = await studentUserId(ctx.tx, current.studentId);
  const request = {
    student_id: owner ?? '',
    status: current.status,
    classTeacherIds: await requestTeacherIds(ctx.tx, current),
  };
  if (next.status === current.status) return next.acceptReason === current.acceptReason ? null : 'invalid';
  return mayChangeRequestStatus(ctx.actor, request, next.status) ? null : 'forbidden';
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
  scope: (actor) => sql`${SELECT} where ${requestScope(actor)}`,
  rowSchema: requestRowSchema,
  toDoc,
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
    async afterCommit(deps, written) {
      for (const doc of written) {
        const event = requestEvent(doc.status);
        if (event) await notifyRequestEvent(notifyDepsOf(deps), doc.id, event);
      }
    },
    refuse: (ctx, next, current) => (current ? refuseChange(ctx, next, current) : refuseCreate(ctx, next)),
    async write({ tx, seq, now, actor }, doc, current) {
      const decided = current !== null && current.status !== doc.status;
      await upsertRow(tx, requests, [
        [requests.id, doc.id],
        [requests.subjectId, doc.subjectId],
        [requests.universityId, doc.universityId],
        [requests.studentId, doc.studentId],
        [requests.classId, doc.classId],
        [requests.scheduleId, doc.scheduleId],
        [requests.scoreNameId, doc.scoreNameId],
        [requests.type, doc.type],
        [requests.status, doc.status],
        [requests.option, doc.option],
        [requests.attendanceKind, doc.attendanceKind],
        [requests.confirmKind, doc.confirmKind],
        [requests.acceptReason, doc.acceptReason],
        [requests.lateMinutes, doc.lateMinutes],
        [requests.content, doc.content],
        [requests.decidedBy, decided ? actor.id : (current?.decidedBy ?? null)],
        [requests.decidedAt, decided ? now.toISOString() : (current?.decidedAt ?? null)],
        [requests.seq, seq],
        [requests.deleted, false],
        [requests.updatedAt, now.toISOString()],
      ]);
    },
    serverFields: true,
    async audience(tx, docs) {
      const ids = new Set<string>();
      for (const doc of docs) {
        for (const id of await requestTeacherIds(tx, doc)) ids.add(id);
        const owner = await studentUserId(tx, doc.studentId);
        if (owner) ids.add(owner);
      }
      const admins = await tx.select({ id: users.id }).from(users).where(sql`${users.role} = ${Role.admin}`);
      for (const admin of admins) ids.add(admin.id);
      return [...ids];
    },
  },
};
