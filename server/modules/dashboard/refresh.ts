import { and, eq, inArray, sql } from 'drizzle-orm';
import { StickyStatus, type StickyType } from '../../../domain/stickies';
import type { Database, Transaction } from '../../db/client';
import { slices } from '../../db/rows';
import { stickies } from '../../db/schema';
import { nextSequence, SyncScope } from '../../db/sequence';
import type { SubjectRefreshQueue } from '../../deps';
import type { ChangeFeed } from '../../feed/change-feed';
import { insertNotifications } from './notifications';
import { missingAchievementRule, missingAttendanceRule } from './rules/entry';
import { highlightRule } from './rules/highlights';
import { memoRule, studentNoteRule } from './rules/notes';
import { notePlanRule, unplannedRule } from './rules/plans';
import { requestRule } from './rules/requests';
import { subjectRule } from './rules/subjects';
import { type DesiredSticky, ruleContext, type StickyRule, type StickyScope } from './rules/types';

/** Every rule family, one module each under ./rules. */
export const STICKY_RULES: readonly StickyRule[] = [
  unplannedRule,
  missingAttendanceRule,
  missingAchievementRule,
  notePlanRule,
  highlightRule,
  requestRule,
  memoRule,
  studentNoteRule,
  subjectRule,
];

const REFERENCE_KEYS = [
  'subjectId',
  'lessonId',
  'classId',
  'scheduleId',
  'highlightId',
  'planId',
  'memoId',
  'requestId',
  'studentId',
] as const;

/**
 * The identity of a card: owner, type and the references that define it. Which references a rule sets is
 * part of the rule, so identities compare across runs.
 */
function identityOf(
  card: { userId: string; type: number } & { [key in (typeof REFERENCE_KEYS)[number]]?: string | null },
): string {
  return [card.userId, card.type, ...REFERENCE_KEYS.map((key) => card[key] ?? '')].join('|');
}

/** What a refresh changed: the users whose stickies or notifications changed, for the push after commit. */
export interface RefreshResult {
  stickyUsers: string[];
  notificationUsers: string[];
  created: number;
  updated: number;
  retired: number;
}

/**
 * Waits until no other refresh of the same cards runs, and holds them until the transaction ends: a full
 * refresh holds every card, a subject's refresh that subject's (sharing the whole with other subjects).
 * Two refreshes that both found a card missing would otherwise both create it.
 */
async function holdScope(tx: Transaction, scope: StickyScope): Promise<void> {
  if (scope === 'all') {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('stickies', 0))`);
    return;
  }
  await tx.execute(sql`select pg_advisory_xact_lock_shared(hashtextextended('stickies', 0))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`stickies:${scope.subjectId}`}, 0))`);
}

/**
 * Runs every rule over the scope and brings the stickies in line, in one transaction:
 * - a wanted card that does not exist is created (open) and its owner is notified (`notification_new_sticky`,
 *   subject to their settings);
 * - a wanted card that exists keeps its status (a card a user closed stays closed while the rule still
 *   holds), and an open one takes the rule's current content;
 * - an existing card no rule wants any more is retired (soft-deleted, so replicas drop it).
 * Two refreshes of the same cards never interleave (see `holdScope`). Publish with `publishRefresh` after
 * it returns.
 */
export async function refreshStickies(db: Database, scope: StickyScope, now: Date): Promise<RefreshResult> {
  const context = ruleContext(now, scope);
  return db.transaction(async (tx) => {
    await holdScope(tx, scope);
    const seq = await nextSequence(tx, SyncScope.stickies);
    const desired = new Map<string, DesiredSticky>();
    for (const rule of STICKY_RULES) {
      for (const card of await rule.desired(tx, context)) desired.set(identityOf(card), card);
    }
    const types = STICKY_RULES.flatMap((rule) => rule.types) as StickyType[];
    const existing = await tx
      .select()
      .from(stickies)
      .where(
        and(
          eq(stickies.deleted, false),
          inArray(stickies.type, types),
          scope === 'all' ? undefined : eq(stickies.subjectId, scope.subjectId),
        ),
      );

    const changedUsers = new Set<string>();
    let updated = 0;
    let retired = 0;
    for (const row of existing) {
      const identity = identityOf(row);
      const card = desired.get(identity);
      if (!card) {
        await tx.update(stickies).set({ deleted: true, seq, updatedAt: now }).where(eq(stickies.id, row.id));
        changedUsers.add(row.userId);
        retired += 1;
        continue;
      }
      desired.delete(identity);
      if (row.status === StickyStatus.open && (row.content ?? null) !== card.content) {
        await tx
          .update(stickies)
          .set({ content: card.content, seq, updatedAt: now })
          .where(eq(stickies.id, row.id));
        changedUsers.add(row.userId);
        updated += 1;
      }
    }

    const fresh = [...desired.values()];
    for (const slice of slices(fresh)) {
      await tx.insert(stickies).values(
        slice.map((card) => ({
          ...card,
          status: StickyStatus.open,
          seq,
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
    for (const card of fresh) changedUsers.add(card.userId);
    const notificationUsers = await insertNotifications(
      tx,
      [...new Set(fresh.map((card) => card.userId))].map((userId) => ({
        userId,
        message: 'notification_new_sticky',
        url: '/',
      })),
      now,
    );
    return {
      stickyUsers: [...changedUsers],
      notificationUsers,
      created: fresh.length,
      updated,
      retired,
    };
  });
}

/** Tells the affected users' sockets what a committed refresh changed. */
export async function publishRefresh(feed: ChangeFeed, result: RefreshResult): Promise<void> {
  if (result.stickyUsers.length > 0) await feed.publishChange(['stickies'], result.stickyUsers);
  if (result.notificationUsers.length > 0)
    await feed.publishChange(['notifications'], result.notificationUsers);
}

/** Refreshes and publishes: what other modules call after a write that may change cards. */
export async function refreshAndPublish(
  deps: { db: Database; feed: ChangeFeed; now: () => Date },
  scope: StickyScope,
): Promise<RefreshResult> {
  const result = await refreshStickies(deps.db, scope, deps.now());
  await publishRefresh(deps.feed, result);
  return result;
}

/** How the queue shares the database with the writes (`createSubjectRefreshQueue`). */
export interface RefreshPacing {
  /**
   * After a refresh that took t ms, the queue rests `restRatio × t` before the next one, so under a stream of
   * writes refreshes take at most 1 / (1 + restRatio) of the time and the writes the rest (on PGlite they
   * share one database session and the event loop). 0 runs them back to back.
   */
  restRatio?: number;
  /**
   * A subject is refreshed at most once in this many ms: the first write to it is seen at once, the writes
   * that follow it within the spacing (a teacher tapping down a class sheet) by one refresh when it is over.
   * 0 refreshes a subject as soon as the queue reaches it.
   */
  spacingMs?: number;
}

/**
 * A queue of subject refreshes, paced as `pacing` says: the `SubjectRefreshQueue` the app hands the modules
 * (declared in server/deps.ts, which imports no module).
 */
export function createSubjectRefreshQueue(
  refresh: (subjectId: string) => Promise<unknown>,
  onError: (error: unknown) => void,
  pacing: RefreshPacing = {},
): SubjectRefreshQueue {
  const restRatio = pacing.restRatio ?? 0;
  const spacingMs = pacing.spacingMs ?? 0;
  const waiting = new Set<string>();
  /** When each subject's last refresh started, for the spacing (kept only while it still matters). */
  const lastStarted = new Map<string, number>();
  let draining: Promise<void> | null = null;
  /** The timer that starts the queue again when the first subject within its spacing is due. */
  let wake: ReturnType<typeof setTimeout> | null = null;

  const dueAt = (subjectId: string) => (lastStarted.get(subjectId) ?? Number.NEGATIVE_INFINITY) + spacingMs;
  const nextDue = () => {
    const now = performance.now();
    for (const subjectId of waiting) if (dueAt(subjectId) <= now) return subjectId;
    return undefined;
  };

  const drain = async () => {
    // Waiting subjects are visited again after each refresh: one asked for again during its refresh comes
    // round once its spacing is over.
    for (let subjectId = nextDue(); subjectId !== undefined; subjectId = nextDue()) {
      waiting.delete(subjectId);
      const started = performance.now();
      lastStarted.set(subjectId, started);
      await refresh(subjectId).catch(onError);
      const rest = (performance.now() - started) * restRatio;
      // Rested even when nothing waits yet: the saves arriving meanwhile are merged into the next round.
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    }
    draining = null;
    const now = performance.now();
    for (const [subjectId, at] of lastStarted) if (at + spacingMs <= now) lastStarted.delete(subjectId);
    start();
  };

  // Drains what is due now; what waits within its spacing gets a timer for the first of it that comes due
  // (a timer may fire a little early: it then sets itself again).
  const start = () => {
    if (draining) return;
    if (nextDue() !== undefined) {
      if (wake) clearTimeout(wake);
      wake = null;
      draining = drain();
      return;
    }
    if (waiting.size === 0 || wake) return;
    const first = Math.min(...[...waiting].map(dueAt));
    wake = setTimeout(
      () => {
        wake = null;
        start();
      },
      Math.ceil(first - performance.now()) + 1,
    );
  };

  return {
    request(subjectIds) {
      for (const subjectId of subjectIds) waiting.add(subjectId);
      start();
    },
    async settled() {
      // What waits within its spacing runs now: settling (a test, the server closing) sees the last write.
      for (;;) {
        if (draining) await draining;
        else if (waiting.size === 0) return;
        else {
          lastStarted.clear();
          start();
        }
      }
    },
  };
}
