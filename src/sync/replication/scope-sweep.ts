import type { WithDeleted } from 'rxdb';
import type { SyncCheckpoint } from '../../../domain/sync';
import { pendingEntries } from '../../db/outbox';
import { endScopeSweep, scopeSweepPending, startScopeSweep } from '../../db/sync-state';
import { type LocalDoc, type ReplicationCore, toWire } from './core';

/**
 * The scope sweep, a part of the pull: when the server starts over because the user's scope changed, the
 * re-pull brings every row still in scope, so whatever the device holds and the re-pull leaves out has left
 * the scope, and goes as a deletion with the re-pull's last page.
 */
export type ScopeSweep<Doc extends LocalDoc> = ReturnType<typeof createScopeSweep<Doc>>;

export function createScopeSweep<Doc extends LocalDoc>(core: ReplicationCore<Doc>) {
  const { database, name, collection } = core.options;
  // The ids a re-pull after a change of the user's scope has brought so far; null while none runs.
  let seen: Set<string> | null = null;
  let resumeChecked = false;

  /**
   * Deletions, as pulled documents, of the local rows a completed re-pull did not bring. They go through
   * RxDB's pull, so they are never pushed; rows with a write still waiting are kept (RxDB also never lets
   * a pull overwrite a row with an unpushed local write): the push settles them.
   */
  async function leftScope(kept: ReadonlySet<string>): Promise<WithDeleted<Doc>[]> {
    const local = await collection.find().exec();
    const gone = local.filter((doc) => !kept.has(doc.primary));
    if (gone.length === 0) return [];
    const waiting = await pendingEntries(
      database,
      name,
      gone.map((doc) => doc.primary),
    );
    return gone
      .filter((doc) => !waiting.has(doc.primary))
      .map((doc) => ({ ...toWire(doc.toMutableJSON(true) as WithDeleted<Doc>), _deleted: true }));
  }

  return {
    /** Once per run, before its first pull: a re-pull that a restart interrupted starts over (the ids it had seen were only in memory). */
    async resume() {
      if (resumeChecked) return;
      resumeChecked = true;
      if (await scopeSweepPending(database, name)) seen = new Set();
    },

    /** Whether a re-pull is to start from the beginning (none of its rows has come yet). */
    startsOver(): boolean {
      return seen?.size === 0;
    },

    /** Starts a sweep when the page pulled `from` there says the server started over for a new scope. */
    async notePage(from: SyncCheckpoint | undefined, checkpoint: SyncCheckpoint | null) {
      const scope = checkpoint?.scope;
      if (from?.scope !== undefined && scope !== undefined && scope !== from.scope) {
        await startScopeSweep(database, name);
        seen = new Set();
      }
    },

    /**
     * The documents of a pulled page to hand to RxDB: during a sweep, its last page (a short one) comes with
     * the deletions of the rows the re-pull did not bring, and ends the sweep.
     */
    async sweep(documents: WithDeleted<Doc>[], batchSize: number): Promise<WithDeleted<Doc>[]> {
      if (!seen) return documents;
      for (const doc of documents) seen.add(doc.id);
      if (documents.length >= batchSize) return documents;
      const swept = [...documents, ...(await leftScope(seen))];
      seen = null;
      await endScopeSweep(database, name);
      return swept;
    },
  };
}
