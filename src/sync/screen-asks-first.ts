import { aheadRowsAsked, subjectsAhead } from '../db/ahead-asks';
import { heldSubjects, subjectsKept } from '../db/demand-subjects';
import type { SchoolDatabase } from '../db/open-database';
import { hasPendingWrites } from '../db/outbox';
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
 * 2-core machine the asked rows otherwise waited behind pages of 1,000 rows of five collections. On a device
 * whose first sync is long (`oneAtATime`: an admin's, of the whole school's people and subjects) the first
 * pulls also fetch one page at a time between them, so an ask that comes while they run waits on the server
 * behind one page only: an admin's first class sheet then came in 0.7 to 1.15 s instead of 2.2 to 2.4 s. A
 * teacher's first sync, about a second, took a third longer that way and keeps its pulls side by side.
 */
export function screenAsksFirst(
  database: SchoolDatabase,
  collections: { ahead: readonly string[]; bySubject: readonly string[] },
  options: { now?: () => number; oneAtATime?: boolean } = {},
) {
  const now = options.now ?? Date.now;
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
  // The collection whose page of its first pull is being fetched: one at a time, so a screen's ask that
  // comes meanwhile waits on the server behind that page alone, not behind a page of each collection.
  let turn: string | null = null;
  // The collections the user pushes and has written to since the worker started: their pulls wait no more.
  const written = new Set<string>();

  /** Whether an ask holds the first pulls back, having waited a moment if so; one look shared by all. */
  function asked(): Promise<boolean> {
    tick ??= (async () => {
      const held = await holding();
      if (held) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      return held;
    })().finally(() => {
      tick = null;
    });
    return tick;
  }

  return {
    /**
     * Whether the next page of `collection`'s first pull waits: while an ask of a screen is out, or while
     * another collection's page is being fetched. If so, resolves after a short wait, so the pull looks
     * again for rows asked of its own collection before it asks again. If not, the turn is the collection's
     * until `fetched` says its page has come.
     */
    async held(collection: string, pushed = false): Promise<boolean> {
      // A collection the user pushes waits only until the user writes to it. A write pushed while its pull
      // waits goes on the base the device had, and the server's own changes to the row (a total it sums,
      // its sequence) come only with the pull: a second write before they come was refused as a conflict
      // (tests/e2e/achievement-sub-scores.spec.ts, when pushed collections waited unconditionally).
      if (pushed) {
        if (written.has(collection)) return false;
        if (await hasPendingWrites(database, collection)) {
          written.add(collection);
          return false;
        }
      }
      if (await asked()) return true;
      if (!options.oneAtATime) return false;
      if (turn !== null && turn !== collection) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        return true;
      }
      turn = collection;
      return false;
    },
    /** The page `collection` was let fetch has come (or failed): the next collection's turn. */
    fetched(collection: string): void {
      if (turn === collection) turn = null;
    },
  };
}
