import type { WithDeleted } from 'rxdb';
import { markFirstPullDone } from '../../db/sync-state';
import type { CollectionReplicationOptions, LocalDoc } from './core';

/** What the progress step needs: the collection's options, and the store step's word on a stored page. */
export type ProgressDeps<Doc extends LocalDoc> = {
  options: Pick<CollectionReplicationOptions<Doc>, 'database' | 'name' | 'collection' | 'firstPull'>;
  /** Resolves once the page being handed to RxDB is stored. */
  pageStored(): Promise<void>;
  /** Runs once the first pull is recorded as done, before the last word of progress. */
  afterDone?(): Promise<void>;
};

/**
 * The progress step: the collection's first pull on this device, counted page by page. Its state while it
 * runs: rows brought in this run, of how many (null until the server said), and whether its last page came
 * (recorded as done once RxDB has stored that page).
 */
export type ProgressStep<Doc extends LocalDoc> = ReturnType<typeof createProgressStep<Doc>>;

export function createProgressStep<Doc extends LocalDoc>(deps: ProgressDeps<Doc>) {
  const { options } = deps;
  const firstPull = options.firstPull?.done === false ? options.firstPull : null;
  const state = { pulled: 0, total: null as number | null, lastPageCame: false, recorded: false };

  /** Records the first pull as done once its last page is stored. */
  async function endFirstPull() {
    if (!firstPull || !state.lastPageCame || state.recorded) return;
    state.recorded = true;
    await markFirstPullDone(options.database, options.name);
    await deps.afterDone?.();
    firstPull.onProgress({ pulled: state.pulled, total: state.total, done: true });
  }

  return {
    /** Whether the first pull runs now: it has not completed on this device, and its last page has not come. */
    running(): boolean {
      return firstPull !== null && !state.lastPageCame;
    },

    /**
     * Whether the next page should ask the server how many rows there are (`count=1`, once per run: the
     * count makes the server read every row after the checkpoint). A first pull resumed after a reload
     * (`resumed`: it starts from a checkpoint) counts on from the rows an earlier run stored.
     */
    async wantsCount(resumed: boolean): Promise<boolean> {
      if (!firstPull || state.total !== null || state.lastPageCame) return false;
      if (resumed && state.pulled === 0) state.pulled = await options.collection.count().exec();
      return true;
    },

    /**
     * Counts a page of the first pull and tells how far it has got. Only rows new to the device count
     * (`alreadyStored` of them it held, or null when not read yet): a pull resumed after a reload starts from
     * the last checkpoint RxDB stored, which may lie before rows the cut run had already stored.
     */
    async notePage(
      page: { documents: readonly WithDeleted<Doc>[]; remaining?: number },
      batchSize: number,
      alreadyStored: number | null,
    ) {
      if (!firstPull || state.lastPageCame) return;
      const ids = page.documents.map((doc) => doc.id);
      const stored =
        alreadyStored ?? (await options.collection.storageInstance.findDocumentsById(ids, true)).length;
      state.pulled += ids.length - stored;
      if (page.remaining !== undefined) state.total = state.pulled + page.remaining;
      else if (state.total !== null) state.total = Math.max(state.total, state.pulled);
      // RxDB asks for the next page only after a full one: a short page is the end of the first pull.
      if (page.documents.length < batchSize) {
        state.lastPageCame = true;
        state.total = state.pulled;
        void deps
          .pageStored()
          .then(endFirstPull)
          .catch(() => undefined);
      }
      firstPull.onProgress({ pulled: state.pulled, total: state.total, done: false });
    },
  };
}
