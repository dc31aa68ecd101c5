import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorCode, FieldError } from '../../../domain/errors';
import { RequestStatus } from '../../../domain/request-status';
import { REQUEST_DECISION_SEGMENT, type RequestDecisionSegment } from '../../../domain/requests';
import { Role } from '../../../domain/roles';
import { pageMeta } from '../../../domain/schemas/common';
import type { StudentRequestData } from '../../../domain/schemas/people';
import {
  newRequestDoc,
  type Request,
  type RequestCreate,
  type RequestDecision,
  type RequestListResponse,
  type RequestSearchQuery,
} from '../../../domain/schemas/requests';
import { SortType } from '../../../domain/search-params';
import type { RequestDoc } from '../../../domain/sync-docs';
import { ValidationCode } from '../../../domain/validation-codes';
import type { Actor } from '../../access/actor';
import { enrolledIn } from '../../access/enrolments';
import { requireOwnOrWard } from '../../access/guardians';
import { ownStudentId } from '../../access/own-students';
import { requestReadScope } from '../../access/requests';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { forbidden, HttpError, notFound, validationFailed } from '../../http-error';
import type { SyncPushConflict, SyncPushDeps } from '../../sync/engine';
import { pushAsCall, refusalAsHttp } from '../../sync/push-call';
import {
  readRequestDoc,
  requestFieldColumns,
  requestsCollection,
  requestRowSchema as syncedRequestRowSchema,
  toRequestDoc,
} from './collection';

/**
 * A request as REST reads it: the document's row (the `requests` collection's one field list) with the names
 * its REST shape shows beside the ids, and when it last changed.
 */
const requestRowSchema = syncedRequestRowSchema.extend({
  student_identity: z.string(),
  student_name: z.string(),
  subject_name: z.string(),
  class_name: z.string().nullable(),
  schedule_day: z.string().nullable(),
  lesson_id: z.string().nullable(),
  lesson_name: z.string().nullable(),
  score_name: z.string().nullable(),
  decided_by_name: z.string().nullable(),
  filed_by_name: z.string().nullable(),
  updated_at: z.string(),
});
type RequestRow = z.infer<typeof requestRowSchema>;

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Requests with every name their REST shape shows; `r` is the request, `s` its student (as the scope wants). */
const SELECT = sql`select ${requestFieldColumns}, r.seq, r.deleted, s.identity as student_identity,
  su.name as student_name, sn.name as subject_name, cn.name as class_name, sch.day::text as schedule_day,
  l.id::text as lesson_id, l.name as lesson_name, scn.name as score_name, du.name as decided_by_name,
  fu.name as filed_by_name, ${iso(sql`r.updated_at`)} as updated_at`;

/** A request's student and their account, what the text search reads besides the request itself. */
const STUDENT_JOIN = sql`join students s on s.id = r.student_id
  join users su on su.id = s.user_id`;

const FROM = sql`from requests r
  ${STUDENT_JOIN}
  join subjects sub on sub.id = r.subject_id
  join subject_names sn on sn.id = sub.subject_name_id
  left join subject_classes c on c.id = r.class_id
  left join class_names cn on cn.id = c.class_name_id
  left join schedules sch on sch.id = r.schedule_id
  left join lessons l on l.id = sch.lesson_id
  left join score_names scn on scn.id = r.score_name_id
  left join users du on du.id = r.decided_by
  left join users fu on fu.id = r.filed_by`;

function ref(id: string | null, name: string | null) {
  return id === null ? null : { id, name: name ?? '' };
}

/** A stored time (the document's JSON text of it) as REST writes times: UTC to the millisecond. */
const restTime = (time: string) => new Date(time).toISOString();

/** The REST shape of a request (SPEC §3): its document, with the names beside the ids. */
function toRequest(row: RequestRow): Request {
  const doc = toRequestDoc(row);
  return {
    id: doc.id,
    student: { id: doc.studentId, identity: row.student_identity, name: row.student_name },
    type: doc.type,
    status: doc.status,
    option: doc.option,
    attendance_kind: doc.attendanceKind,
    confirm_kind: doc.confirmKind,
    accept_reason: doc.acceptReason,
    subject: { id: doc.subjectId, name: row.subject_name },
    class: ref(doc.classId, row.class_name),
    schedule:
      doc.scheduleId === null || row.schedule_day === null
        ? null
        : {
            id: doc.scheduleId,
            day: row.schedule_day,
            lesson: { id: row.lesson_id ?? '', name: row.lesson_name ?? '' },
          },
    score_name: ref(doc.scoreNameId, row.score_name),
    late_minutes: doc.lateMinutes,
    points: doc.points,
    content: doc.content,
    reject_reason: doc.rejectReason,
    decided_by: ref(doc.decidedBy, row.decided_by_name),
    decided_at: doc.decidedAt === null ? null : restTime(doc.decidedAt),
    filed_by: ref(doc.filedBy, row.filed_by_name),
    created_at: restTime(doc.createdAt),
    updated_at: row.updated_at,
  };
}

/** One request `actor` may see, or 404 (a request outside their scope is answered as absent). */
export async function requestDetail(db: Executor, actor: Actor, requestId: string): Promise<Request> {
  const [row] = await queryRows(
    db,
    sql`${SELECT} ${FROM} where r.id = ${requestId} and not r.deleted and ${requestReadScope(actor)}`,
    requestRowSchema,
  );
  if (!row) throw notFound();
  return toRequest(row);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * `GET /api/requests/search` (SPEC §3 filters): the requests `actor` may see (a student their own, a teacher
 * those of the classes they teach, an admin all), by text (content, student name or number), type, status,
 * subject and class, newest first unless `sortType` is asc, one page with totals.
 */
export async function searchRequests(
  db: Executor,
  actor: Actor,
  query: RequestSearchQuery,
): Promise<RequestListResponse> {
  const conditions: SQL[] = [sql`not r.deleted`, requestReadScope(actor)];
  if (query.param) {
    const like = `%${escapeLike(query.param)}%`;
    conditions.push(sql`(r.content ilike ${like} or su.name ilike ${like} or s.identity ilike ${like})`);
  }
  if (query.type !== undefined) conditions.push(sql`r.type = ${query.type}`);
  if (query.status !== undefined) conditions.push(sql`r.status = ${query.status}`);
  if (query.subject) conditions.push(sql`r.subject_id = ${query.subject}`);
  if (query.subjectClass) conditions.push(sql`r.class_id = ${query.subjectClass}`);
  const where = sql.join(conditions, sql` and `);
  const direction = query.sortType === SortType.asc ? sql`asc` : sql`desc`;
  const offset = (query.page - 1) * query.limit;
  // The page alone, so the (status, created_at, id) index hands over its rows in order and stops at the limit;
  // a window count here would build every matching row with all its names first.
  const rows = await queryRows(
    db,
    sql`${SELECT} ${FROM} where ${where}
        order by r.created_at ${direction}, r.id ${direction} limit ${query.limit} offset ${offset}`,
    requestRowSchema,
  );
  // A short page is the last one, so it tells the total itself; otherwise the matching requests are counted
  // alone, joined to their students only when the text search reads them.
  const total =
    rows.length > 0 && rows.length < query.limit
      ? offset + rows.length
      : await countRequests(db, where, Boolean(query.param));
  return {
    data: rows.map(toRequest),
    meta: {
      pagination: pageMeta(
        rows.length,
        query.page,
        query.limit,
        total,
        query.page * query.limit < total ? String(query.page + 1) : null,
      ),
    },
  };
}

const totalRow = z.object({ total: z.coerce.number().int() });

async function countRequests(db: Executor, where: SQL, readsStudent: boolean): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`select count(*) as total from requests r ${readsStudent ? STUDENT_JOIN : sql``} where ${where}`,
    totalRow,
  );
  return row?.total ?? 0;
}

const subjectRow = z.object({ university_id: z.string() });

/** The answer of a refused create: a record not the student's own is 403 on the field that named it. */
function createRefusal(conflict: SyncPushConflict<RequestDoc>): HttpError {
  if (conflict.reason === 'invalid') return validationFailed({ option: [FieldError.invalid] });
  return refusalAsHttp(conflict);
}

/**
 * The student a create acts for: a student's own record (any `student_id` but their own is a 422), a
 * guardian's ward named by `student_id` (issue 43: required; a child not theirs is 404, as absent).
 */
async function filedFor(db: Executor, actor: Actor, studentId: string | null): Promise<string> {
  if (actor.role !== Role.guardian) {
    const own = await ownStudentId(db, actor);
    // A student names nobody but themself (before guardians, the field did not exist: still a field error).
    if (studentId !== null && studentId !== own) throw validationFailed({ student_id: [FieldError.invalid] });
    return own;
  }
  if (studentId === null) throw validationFailed({ student_id: [ValidationCode.required] });
  await requireOwnOrWard(db, actor, studentId);
  return studentId;
}

/**
 * `POST /api/requests`: the signed-in student files a request about their own enrolment, sitting or score, or
 * a guardian an absence or lateness notice for their child (marked as filed by them). It goes through the
 * `requests` push (the same rule the offline form's sync meets), so a subject, class, sitting or score not the
 * student's own is refused alike (403) and nothing is stored.
 */
export async function createRequest(
  deps: SyncPushDeps,
  actor: Actor,
  body: RequestCreate,
  offline: boolean,
): Promise<Request> {
  const studentId = await filedFor(deps.db, actor, body.student_id ?? null);
  const [subject] = await queryRows(
    deps.db,
    sql`select university_id::text from subjects where id = ${body.subject_id} and not deleted`,
    subjectRow,
  );
  if (!subject) throw forbidden();
  const doc = newRequestDoc(body, {
    id: randomUUID(),
    studentId,
    universityId: subject.university_id,
    createdAt: deps.now().toISOString(),
    filedBy: actor.role === Role.guardian ? actor.id : null,
  });
  await pushAsCall(
    deps,
    requestsCollection,
    actor,
    [{ newDocumentState: doc, assumedMasterState: null }],
    offline,
    {
      atomic: true,
      refusal: createRefusal,
    },
  );
  return requestDetail(deps.db, actor, doc.id);
}

/**
 * The decision calls (`POST /api/requests/{id}/attendance|achievement-confirm|confirmAttendance|other`): staff
 * of the request's class accept (with or without update) or reject it with a reason; its student may cancel it.
 * The call's segment must be the request's type. The change goes through the `requests` push based on the
 * state read here, so of two deciders at once one wins and the other is answered 409, and an acceptance with
 * update enters the mark or score once, in the same transaction.
 */
export async function decideRequest(
  deps: SyncPushDeps,
  actor: Actor,
  requestId: string,
  segment: RequestDecisionSegment,
  decision: RequestDecision,
  offline: boolean,
): Promise<Request> {
  await requestDetail(deps.db, actor, requestId);
  const current = await readRequestDoc(deps.db, requestId);
  if (!current) throw notFound();
  if (REQUEST_DECISION_SEGMENT[current.type] !== segment)
    throw validationFailed({ type: [FieldError.invalid] });
  if (current.status !== RequestStatus.requesting) {
    throw new HttpError(409, { message: 'conflict', code: ErrorCode.conflict });
  }
  // A student or guardian only cancels; staff only accept or reject (the push checks the same, this answers
  // 403 first).
  const filer = actor.role === Role.student || actor.role === Role.guardian;
  if (filer !== (decision.status === RequestStatus.cancelled)) throw forbidden();
  const next: RequestDoc = {
    ...current,
    status: decision.status,
    acceptReason: decision.accept_reason,
    rejectReason: decision.reason,
  };
  await pushAsCall(
    deps,
    requestsCollection,
    actor,
    [{ newDocumentState: next, assumedMasterState: current }],
    offline,
    {
      atomic: true,
    },
  );
  return requestDetail(deps.db, actor, requestId);
}

const dataRow = z.object({
  subject_id: z.string(),
  subject_name: z.string(),
  class_id: z.string(),
  class_name: z.string(),
  schedule_id: z.string().nullable(),
  day: z.string().nullable(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  lesson_id: z.string().nullable(),
  lesson_name: z.string().nullable(),
});

const scoreNameRow = z.object({
  subject_id: z.string(),
  id: z.string(),
  name: z.string(),
  full_score: z.number(),
  option_plus: z.boolean(),
  parent_id: z.string().nullable(),
});

/**
 * `GET /api/students/{id}/data-request`: what the request form offers the student: the subjects they are
 * enrolled in, the classes of them they sit in with each class's live sittings, and each subject's score
 * names. Only the student themself, or their guardian (issue 43), may ask: staff 403, another student 403,
 * a child not the guardian's 404.
 */
export async function studentRequestData(
  db: Executor,
  actor: Actor,
  studentId: string,
): Promise<StudentRequestData> {
  if (actor.role === Role.guardian) await requireOwnOrWard(db, actor, studentId);
  else if (actor.role !== Role.student || (await ownStudentId(db, actor)) !== studentId) throw forbidden();
  const rows = await queryRows(
    db,
    sql`select cs.subject_id::text, sn.name as subject_name, cs.class_id::text, cn.name as class_name,
          sch.id::text as schedule_id, sch.day::text as day, to_char(sch.start_time, 'HH24:MI') as start_time,
          to_char(sch.end_time, 'HH24:MI') as end_time, l.id::text as lesson_id, l.name as lesson_name
        from class_students cs
        join subjects sub on sub.id = cs.subject_id and not sub.deleted
        join subject_names sn on sn.id = sub.subject_name_id
        join subject_classes c on c.id = cs.class_id and not c.deleted
        join class_names cn on cn.id = c.class_name_id
        left join schedules sch on sch.class_id = cs.class_id and not sch.deleted
        left join lessons l on l.id = sch.lesson_id
        where cs.student_id = ${studentId} and not cs.deleted
        order by sn.name, cn.name, sch.day, sch.start_time`,
    dataRow,
  );
  const scoreNames = await queryRows(
    db,
    sql`select sn.subject_id::text, sn.id::text, sn.name, sn.full_score::float8 as full_score, sn.option_plus,
          sn.parent_id::text from score_names sn
        where not sn.deleted and ${enrolledIn(sql`${studentId}::uuid`, sql`sn.subject_id`)} order by sn.position, sn.name`,
    scoreNameRow,
  );
  const subjects = new Map<string, StudentRequestData['subjects'][number]>();
  for (const row of rows) {
    let subject = subjects.get(row.subject_id);
    if (!subject) {
      subject = { id: row.subject_id, name: row.subject_name, classes: [], score_names: [] };
      subjects.set(row.subject_id, subject);
    }
    let klass = subject.classes.find((entry) => entry.id === row.class_id);
    if (!klass) {
      klass = { id: row.class_id, name: row.class_name, schedules: [] };
      subject.classes.push(klass);
    }
    if (row.schedule_id && row.day && row.start_time && row.end_time) {
      klass.schedules.push({
        id: row.schedule_id,
        day: row.day,
        start_time: row.start_time,
        end_time: row.end_time,
        lesson: { id: row.lesson_id ?? '', name: row.lesson_name ?? '' },
      });
    }
  }
  for (const { subject_id, ...scoreName } of scoreNames)
    subjects.get(subject_id)?.score_names.push(scoreName);
  return { subjects: [...subjects.values()] };
}
