import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { syncCounters } from '../db/schema';

/**
 * Change scopes; every master kind shares one, so one checkpoint covers the whole `master` collection. The
 * other replicated tables are grouped the same way, one scope per group a client pulls together:
 * - people: users, students, user_universities
 * - subjects: subjects, subject_classes, class_teachers, subject_students, class_students, lessons, schedules,
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

/**
 * Takes the next change sequence of `scope` inside the writing transaction.
 *
 * The upsert locks the scope's counter row until the transaction ends, so a second writer of the same scope
 * waits here until the first commits or rolls back. Sequences therefore become visible in commit order, and
 * a pull that has seen sequence N can never later meet a row with a sequence below N: nothing is skipped.
 * Call it once per transaction, as late as the work allows, since it serialises writers of the scope.
 */
export async function nextSequence(tx: Transaction, scope: SyncScope): Promise<number> {
  const [row] = await tx
    .insert(syncCounters)
    .values({ scope, value: 1 })
    .onConflictDoUpdate({ target: syncCounters.scope, set: { value: sql`${syncCounters.value} + 1` } })
    .returning({ value: syncCounters.value });
  if (!row) throw new Error(`sync counter ${scope} returned no row`);
  return row.value;
}
