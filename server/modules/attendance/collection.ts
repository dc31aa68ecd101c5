import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { mayEditClassWork } from '../../../domain/permissions';
import { SYNC_COLLECTION_ROLES } from '../../../domain/sync';
import { type AttendanceDoc, attendanceDocSchema } from '../../../domain/sync-docs';
import { attendanceId } from '../../../domain/sync-ids';
import { attendanceReadScope } from '../../access/attendance';
import {
  classScopeVersion,
  classTeacherIdsOnce,
  classWorkAudience,
  markPlaceOnce,
  prefetchClassTeacherIds,
  prefetchMarkPlaces,
} from '../../access/classes';
import { studentRecordOf } from '../../access-log/pulls';
import type { Executor } from '../../db/client';
import { queryRows, slices } from '../../db/rows';
import { attendanceHistory, attendances } from '../../db/schema';
import {
  docJsonOf,
  SYNC_DOC_FIELDS,
  SYNC_ROW_COLUMNS,
  selectStoredFields,
  storedColumns,
  storedFieldsOf,
  toDocFields,
} from '../../sync/doc-fields';
import type { PlannedWrite, SyncActor, SyncCollectionDef, SyncWriteContext } from '../../sync/engine';
import { lockedRow, lockedRows, upsertRow, upsertRows } from '../../sync/write-row';
import { scheduleAbsenceNotices } from '../absence-notices/schedule';

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

/**
 * Whether a mark may be written (SPEC §6: teachers only for the lessons assigned to them). The mark sits where
 * its class student and sitting say, both of its subject and the student's own; its sitting is one of the
 * student's class, whose teachers (or an admin) write it. A mark at another class's sitting (an exchanged
 * one) is made only by the exchange call, which checks the lesson and the class itself (`exchange`); once
 * made, the student's teachers may change or remove it like any other.
 */
async function refuseAttendance(
  ctx: SyncWriteContext,
  next: AttendanceDoc,
  current: AttendanceDoc | null,
  { exchange }: { exchange: boolean },
) {
  if (current && KEY_FIELDS.some((field) => current[field] !== next[field])) return 'invalid' as const;
  if (!current && next.id !== attendanceId(next.classStudentId, next.scheduleId)) return 'invalid' as const;
  const place = await markPlaceOnce(ctx, next.classStudentId, next.scheduleId);
  if (
    !place ||
    place.student_id !== next.studentId ||
    place.subject_id !== next.subjectId ||
    place.schedule_subject_id !== next.subjectId
  ) {
    return 'invalid' as const;
  }
  const exchanged = place.schedule_class_id !== place.class_id;
  if (exchanged && !exchange && (!current || current._deleted)) return 'forbidden' as const;
  const teachers = await classTeacherIdsOnce(ctx, { classStudentId: next.classStudentId });
  if (teachers === null) return 'invalid' as const;
  return mayEditClassWork(ctx.actor, teachers) ? null : ('forbidden' as const);
}

/** The columns `write` stores for `doc`: its fields, the push's sequence, and when. */
function storedRow({ seq, now }: SyncWriteContext, doc: AttendanceDoc): [PgColumn, unknown][] {
  return [
    ...storedColumns(attendances, FIELDS, doc),
    [attendances.seq, seq],
    [attendances.deleted, doc._deleted],
    [attendances.updatedAt, now.toISOString()],
  ];
}

/** The history row of one change: who, when, the old and new values, offline, and the request it carried out. */
function historyRow({ ctx, before, after, offline }: PlannedWrite<AttendanceDoc>) {
  return {
    attendanceId: after.id,
    subjectId: after.subjectId,
    changedBy: ctx.actor.id,
    changedAt: ctx.now,
    oldStatus: before?.status ?? null,
    newStatus: after.status,
    oldAbsenceReasons: before?.absenceReasons ?? null,
    newAbsenceReasons: after.absenceReasons,
    oldComment: before?.comment ?? null,
    newComment: after.comment,
    offline,
    requestId: ctx.requestId ?? null,
  };
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
  scope: (actor: SyncActor) => sql`${SELECT} where ${attendanceReadScope(actor)}`,
  subjectColumn: 'subjectId',
  rowSchema: attendanceRowSchema,
  toDoc,
  docJson: docJsonOf(attendanceDocSchema),
  recordOf: studentRecordOf,
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
    refuse: (ctx, next, current) => refuseAttendance(ctx, next, current, { exchange: false }),
    async write(ctx, doc) {
      await upsertRow(ctx.tx, attendances, storedRow(ctx, doc));
    },
    async history(ctx, before, after, offline) {
      await ctx.tx.insert(attendanceHistory).values(historyRow({ ctx, before, after, offline }));
    },
    grouped: {
      async prefetch(ctx, docs) {
        await prefetchMarkPlaces(ctx, docs);
        await prefetchClassTeacherIds(
          ctx,
          docs.map((doc) => doc.classStudentId),
        );
      },
      async writeAll(writes) {
        const [first] = writes;
        if (!first) return;
        // One statement cannot update a row twice: the last write of an id is the state that stays.
        const last = new Map(writes.map((write) => [write.after.id, write] as const));
        for (const slice of slices([...last.values()])) {
          await upsertRows(
            first.ctx.tx,
            attendances,
            slice.map((write) => storedRow(write.ctx, write.after)),
          );
        }
      },
      async historyAll(writes) {
        const [first] = writes;
        if (!first) return;
        for (const slice of slices(writes)) {
          await first.ctx.tx.insert(attendanceHistory).values(slice.map(historyRow));
        }
      },
    },
    // Entering marks or scores answers the subject's "not entered yet" and highlight cards soon after; a child
    // marked absent or late has their guardians told after the window (server/modules/absence-notices).
    afterCommit: async (deps, written) => {
      deps.cardRefresh.request(written.map((doc) => doc.subjectId));
      await scheduleAbsenceNotices(deps, written);
    },
    audience: (tx, docs) =>
      classWorkAudience(
        tx,
        docs.map((doc) => ({ studentId: doc.studentId, classStudentId: doc.classStudentId })),
      ),
  },
};

/**
 * The attendance collection as the exchange call writes through it: the same rules, and a mark may be made at
 * another class's sitting (the call has checked that it is the same lesson and that the caller works the
 * student's class).
 */
export const exchangedAttendanceCollection: SyncCollectionDef<AttendanceDoc, AttendanceRow> = {
  ...attendanceCollection,
  push: attendanceCollection.push && {
    ...attendanceCollection.push,
    refuse: (ctx, next, current) => refuseAttendance(ctx, next, current, { exchange: true }),
  },
};

/** The attendance columns as `attendanceDocsOf` reads them, from `attendances a`; append a `where`. */
export const attendanceSelect = SELECT;

/** Rows of `attendanceSelect` (turned to JSON by the query that embeds it) as documents. */
export function attendanceDocsOf(rows: readonly unknown[]): AttendanceDoc[] {
  return rows.map((row) => toDoc(attendanceRowSchema.parse(row)));
}

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
