import { sql } from 'drizzle-orm';
import type { z } from 'zod';
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
import {
  SYNC_DOC_FIELDS,
  SYNC_ROW_COLUMNS,
  selectStoredFields,
  storedColumns,
  storedFieldsOf,
  toDocFields,
} from '../../sync/doc-fields';
import type { SyncActor, SyncCollectionDef, SyncWriteContext } from '../../sync/engine';
import { lockedRow, lockedRows, upsertRow } from '../../sync/write-row';

// Every stored field of the document is a column of the same name: the row, its select and its write are
// derived from the document schema, so a new field is listed in the schema and the table alone.
const FIELDS = storedFieldsOf(attendanceDocSchema);

const attendanceRowSchema = attendanceDocSchema.omit(SYNC_DOC_FIELDS).extend(SYNC_ROW_COLUMNS);

type AttendanceRow = z.infer<typeof attendanceRowSchema>;

const SELECT = selectStoredFields(attendances, 'a', FIELDS);

const toDoc = (row: AttendanceRow): AttendanceDoc => toDocFields(row);

/** The fields that place an attendance; a push may never move a row to another student or schedule. */
const KEY_FIELDS = ['subjectId', 'universityId', 'classStudentId', 'studentId', 'scheduleId'] as const;

/** The fields a mark carries: every stored field but the id and the place. */
const MARK_FIELDS = FIELDS.filter(
  (field): field is Exclude<(typeof FIELDS)[number], 'id' | (typeof KEY_FIELDS)[number]> =>
    field !== 'id' && !KEY_FIELDS.some((key) => key === field),
);

/** Where an attendance sits: its id and the fields that place it. */
export type AttendancePlace = Pick<AttendanceDoc, 'id' | (typeof KEY_FIELDS)[number]>;

/**
 * A mark not entered yet at `place`: every mark field empty (null), whatever fields the schema grows. A REST
 * write starts from it, or from the server's row, and sets the fields its call carries.
 */
export function unmarkedAttendance(place: AttendancePlace): AttendanceDoc {
  return attendanceDocSchema.parse({
    ...Object.fromEntries(MARK_FIELDS.map((field) => [field, null])),
    ...place,
    updatedAt: 0,
    _deleted: false,
  });
}

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
    // A late status travels with its minutes; every other mark field merges on its own.
    mergeFields: [
      ['status', 'lateMinutes'],
      ...MARK_FIELDS.filter((field) => field !== 'status' && field !== 'lateMinutes'),
    ],
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
        ...storedColumns(attendances, FIELDS, doc),
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
