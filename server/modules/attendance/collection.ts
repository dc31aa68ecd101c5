import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { mayEditClassWork } from '../../../domain/permissions';
import { SYNC_COLLECTION_ROLES } from '../../../domain/sync';
import { type AttendanceDoc, attendanceDocSchema } from '../../../domain/sync-docs';
import { attendanceId } from '../../../domain/sync-ids';
import {
  classScopeVersion,
  classTeacherIdsOnce,
  classWorkAudience,
  classWorkScope,
} from '../../access/classes';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { attendanceHistory, attendances } from '../../db/schema';
import type { SyncActor, SyncCollectionDef, SyncWriteContext } from '../../sync/engine';
import { lockedRow, lockedRows, upsertRow } from '../../sync/write-row';

const attendanceRowSchema = z.object({
  id: z.string(),
  subject_id: z.string(),
  university_id: z.string(),
  class_student_id: z.string(),
  student_id: z.string(),
  schedule_id: z.string(),
  status: z.number().int().nullable(),
  late_minutes: z.number().int().nullable(),
  absence_reasons: z.string().nullable(),
  comment: z.string().nullable(),
  seq: z.coerce.number().int(),
  deleted: z.boolean(),
});

type AttendanceRow = z.infer<typeof attendanceRowSchema>;

const SELECT = sql`select a.id::text as id, a.subject_id::text as subject_id, a.university_id::text as university_id,
  a.class_student_id::text as class_student_id, a.student_id::text as student_id, a.schedule_id::text as schedule_id,
  a.status::int as status, a.late_minutes::int as late_minutes, a.absence_reasons, a.comment, a.seq, a.deleted
  from attendances a`;

function toDoc(row: AttendanceRow): AttendanceDoc {
  return attendanceDocSchema.parse({
    id: row.id,
    subjectId: row.subject_id,
    universityId: row.university_id,
    classStudentId: row.class_student_id,
    studentId: row.student_id,
    scheduleId: row.schedule_id,
    status: row.status,
    lateMinutes: row.late_minutes,
    absenceReasons: row.absence_reasons,
    comment: row.comment,
    updatedAt: row.seq,
    _deleted: row.deleted,
  });
}

/** The fields that place an attendance; a push may never move a row to another student or schedule. */
const KEY_FIELDS = ['subjectId', 'universityId', 'classStudentId', 'studentId', 'scheduleId'] as const;

async function refuseAttendance(ctx: SyncWriteContext, next: AttendanceDoc, current: AttendanceDoc | null) {
  if (current && KEY_FIELDS.some((field) => current[field] !== next[field])) return 'invalid' as const;
  if (!current && next.id !== attendanceId(next.classStudentId, next.scheduleId)) return 'invalid' as const;
  const teachers = await classTeacherIdsOnce(ctx, { classStudentId: next.classStudentId });
  if (teachers === null) return 'invalid' as const;
  return mayEditClassWork(ctx.actor, teachers) ? null : ('forbidden' as const);
}

/**
 * `attendance`: the marks of the classes a user may see (admins all, teachers their classes, students their
 * own). Teachers of the class and admins push; the fields merge one by one, a late status with its minutes.
 */
export const attendanceCollection: SyncCollectionDef<AttendanceDoc, AttendanceRow> = {
  name: 'attendance',
  docSchema: attendanceDocSchema,
  pullRoles: SYNC_COLLECTION_ROLES.attendance.pull,
  scopeVersion: classScopeVersion,
  scope: (actor: SyncActor) =>
    sql`${SELECT} where ${classWorkScope(actor, { classStudentId: sql`a.class_student_id` }, sql`a.student_id`)}`,
  rowSchema: attendanceRowSchema,
  toDoc,
  push: {
    roles: SYNC_COLLECTION_ROLES.attendance.push,
    mergeFields: [['status', 'lateMinutes'], 'absenceReasons', 'comment'],
    readForUpdate: ({ tx }, doc) => lockedRow(tx, SELECT, doc.id, attendanceRowSchema, toDoc),
    readAllForUpdate: ({ tx }, docs) =>
      lockedRows(
        tx,
        SELECT,
        docs.map((doc) => doc.id),
        attendanceRowSchema,
        toDoc,
      ),
    refuse: refuseAttendance,
    async write({ tx, seq, now }, doc) {
      await upsertRow(tx, attendances, [
        [attendances.id, doc.id],
        [attendances.subjectId, doc.subjectId],
        [attendances.universityId, doc.universityId],
        [attendances.classStudentId, doc.classStudentId],
        [attendances.studentId, doc.studentId],
        [attendances.scheduleId, doc.scheduleId],
        [attendances.status, doc.status],
        [attendances.lateMinutes, doc.lateMinutes],
        [attendances.absenceReasons, doc.absenceReasons],
        [attendances.comment, doc.comment],
        [attendances.seq, seq],
        [attendances.deleted, doc._deleted],
        [attendances.updatedAt, now.toISOString()],
      ]);
    },
    async history({ tx, actor, now }, before, after, offline) {
      await tx.insert(attendanceHistory).values({
        attendanceId: after.id,
        subjectId: after.subjectId,
        changedBy: actor.id,
        changedAt: now,
        oldStatus: before?.status ?? null,
        newStatus: after.status,
        oldAbsenceReasons: before?.absenceReasons ?? null,
        newAbsenceReasons: after.absenceReasons,
        oldComment: before?.comment ?? null,
        newComment: after.comment,
        offline,
      });
    },
    // Entering marks or scores answers the subject's "not entered yet" and highlight cards soon after.
    afterCommit: async (deps, written) => deps.cardRefresh.request(written.map((doc) => doc.subjectId)),
    audience: (tx, docs) =>
      classWorkAudience(
        tx,
        docs.map((doc) => ({ studentId: doc.studentId, classStudentId: doc.classStudentId })),
      ),
  },
};

/** The server's current attendances with these ids (deleted ones included), as documents. */
export async function readAttendances(db: Executor, ids: readonly string[]): Promise<AttendanceDoc[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows(
    db,
    sql`${SELECT} where a.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
    attendanceRowSchema,
  );
  return rows.map(toDoc);
}
