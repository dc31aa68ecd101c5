import { aheadRowsAsked, subjectsAhead } from '../db/ahead-asks';
import { heldSubjects, subjectsKept } from '../db/demand-subjects';
import type { SchoolDatabase } from '../db/open-database';
import { isFirstPullDone } from '../db/sync-state';

/**
 * How long one ask of a screen (a row, or a subject's rows, it waits for) may hold back the first pulls of
 * everything else. Long enough for the rows to come on a busy device (about a second), short enough that an
 * ask the server never answers delays the first sync by no more than this.
 */
export const ASK_HOLDS_MS = 5000;

const POLL_MS = 50;

/**
 * What a device's first sync yields to: while a screen waits for rows (asked ahead of a first pull, or a
 * subject kept by subject not here yet), the first pulls of the other collections fetch no further page, so
 * the server and the worker bring those rows first (docs/on-demand-sync.md, "Ahead of the first pull"). On a
 * 2-core machine the asked rows otherwise waited behind pages of 1,000 rows of five collections.
 */
export function screenAsksFirst(
  database: SchoolDatabase,
  collections: { ahead: readonly string[]; bySubject: readonly string[] },
  now: () => number = Date.now,
) {
  // When each outstanding ask was first seen; asks no longer outstanding are forgotten.
  const seen = new Map<string, number>();

  async function outstanding(): Promise<string[]> {
    const kept = await subjectsKept(database, now());
    const asks: string[] = [];
    for (const name of collections.ahead) {
      if (await isFirstPullDone(database, name)) continue;
      for (const row of await aheadRowsAsked(database, name)) asks.push(`${name} row ${row}`);
      const ahead = await subjectsAhead(database, name);
      for (const subject of kept) if (!ahead.includes(subject)) asks.push(`${name} subject ${subject}`);
    }
    for (const name of collections.bySubject) {
      const filled = (await heldSubjects(database, name))?.filled ?? [];
      for (const subject of kept) if (!filled.includes(subject)) asks.push(`${name} subject ${subject}`);
    }
    return asks;
  }

  /** Whether an outstanding ask may still hold the pulls back, noting when each was first seen. */
  async function holding(): Promise<boolean> {
    const asks = new Set(await outstanding());
    const at = now();
    for (const ask of seen.keys()) if (!asks.has(ask)) seen.delete(ask);
    for (const ask of asks) if (!seen.has(ask)) seen.set(ask, at);
    return [...seen.values()].some((since) => at - since < ASK_HOLDS_MS);
  }

  let tick: Promise<boolean> | null = null;

  return {
    /**
     * Whether an ask of a screen holds the first pulls back; if so, resolves after a short wait, so the pull
     * looks again for rows asked of its own collection before it asks again. Every pull waiting shares one
     * look at the records.
     */
    held(): Promise<boolean> {
      tick ??= (async () => {
        const held = await holding();
        if (held) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        return held;
      })().finally(() => {
        tick = null;
      });
      return tick;
    },
  };
}
