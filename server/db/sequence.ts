import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Transaction } from './client';
import { queryRows } from './rows';

/**
 * Change scopes; every master kind shares one, so one checkpoint covers the whole `master` collection. The
 * other replicated tables are grouped the same way, one scope per group a client pulls together:
 * - people: users, students, user_universities
 * - subjects: subjects, subject_classes, class assignments, subject_students, class_students, lessons, schedules,
 *   schedule_teachers, score_names, highlights
 * - notes: plans, plan_notes, notes, memos, memo_schedules
 * - attendance: attendances; achievements: achievements, results
 * - requests, stickies, notifications: their own table
 */
export const SyncScope = {
  master: 'master',
  people: 'people',
  subjects: 'subjects',
  notes: 'notes',
  attendance: 'attendance',
  achievements: 'achievements',
  requests: 'requests',
  stickies: 'stickies',
  notifications: 'notifications',
} as const;

/** One change scope. */
export type SyncScope = (typeof SyncScope)[keyof typeof SyncScope];

const xidSchema = z.object({ seq: z.coerce.number().int().nonnegative() });

/**
 * The change sequence a write stamps on its rows: the writing transaction's own id (`pg_current_xact_id`,
 * 64-bit, handed out in increasing order and never reused).
 *
 * Transaction ids are handed out in start order, not commit order, so a pull alone could pass a row whose
 * transaction commits late. `pullWatermark()` closes that gap: pulls return only rows below the oldest
 * transaction still running, and every transaction below it has ended, so no row can later appear behind a
 * client's checkpoint. Nothing is locked: writers of every school run side by side, and `scope` only names
 * the stream a caller feeds (it is kept so call sites read the same as before).
 */
export async function nextSequence(tx: Transaction, _scope?: string): Promise<number> {
  const [row] = await queryRows(tx, sql`select pg_current_xact_id()::text as seq`, xidSchema);
  if (!row) throw new Error('pg_current_xact_id returned no row');
  return row.seq;
}

/**
 * `nextSequence` as an SQL expression, for a single-statement write outside an explicit transaction (the
 * statement's own transaction stamps the row).
 */
export const changeSequence = sql`pg_current_xact_id()::text::bigint`;

/**
 * The SQL condition a pull puts on a row's `seq`: only changes of transactions that have all ended are
 * visible yet. In one statement the snapshot's `xmin` is the oldest transaction still running; everything
 * below it committed (and is visible to this statement) or rolled back.
 */
export function pullWatermark(seq: ReturnType<typeof sql>): ReturnType<typeof sql> {
  return sql`${seq} < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`;
}
