import type { WithDeleted } from 'rxdb';
import { type SyncCheckpoint, syncPullResponseSchema } from '../../../domain/sync';
import type { createAheadPull } from '../ahead-pull';
import { type SyncRequestContext, syncRequest } from '../sync-request';
import type { CheckpointStep } from './checkpoint';
import type { LocalDoc, PageAhead, ReplicationCore } from './core';
import type { ProgressStep } from './progress';
import type { Retry } from './retry';
import type { ScopeSweep } from './scope-sweep';
import type { StoreStep } from './store';
import type { createSubjectPull } from './subject-pull';

/** A pull's narrowing, as its query says it. */
type Narrow = Record<string, string>;

const pullPath = (name: string, query: URLSearchParams) => `/api/sync/${name}/pull?${query}`;

/**
 * The query of a page of changes: from `from` (none: the start), naming the kept subjects, asking how many
 * rows there are when `count`.
 */
function changesQuery(
  from: SyncCheckpoint | undefined,
  kept: readonly string[] | null,
  batchSize: number,
  count: boolean,
) {
  const query = new URLSearchParams({ limit: String(batchSize) });
  if (from) query.set('checkpoint', JSON.stringify(from));
  if (kept) query.set('subjects', kept.join(','));
  if (count) query.set('count', '1');
  return query;
}

/**
 * Asks for the first page of a collection's first pull on this device (from the start, counted) before its
 * replication exists: the pull takes the answer when it asks for that page (`pageAhead`). The worker asks for
 * the master data's this way right after a sign-in, while it opens the database (docs/on-demand-sync.md).
 */
export function fetchFirstPageAhead(request: SyncRequestContext, name: string, batchSize: number): PageAhead {
  const path = pullPath(name, changesQuery(undefined, null, batchSize, true));
  const answer = syncRequest(request, path, { method: 'GET' });
  // Taken by the pull or dropped: a failure here is met again by the pull's own fetch.
  answer.catch(() => undefined);
  return { path, answer };
}

/** Fetching pull pages: the server's answer to a query, and a narrowed page checked against what is stored. */
export function createPullPages<Doc extends LocalDoc>(
  core: ReplicationCore<Doc>,
  store: Pick<StoreStep<Doc>, 'checkStoredRowsOf'>,
) {
  const pullResponseSchema = syncPullResponseSchema(core.options.docSchema);
  // Only the pull's first page may be the one asked for ahead.
  let ahead = core.options.pageAhead;

  /** The answer asked for ahead when it is the page at `path` and came; null otherwise. */
  async function answerAhead(path: string): Promise<unknown> {
    const asked = ahead;
    ahead = undefined;
    if (asked?.path !== path) return null;
    return asked.answer.catch(() => null);
  }

  /** One page of the collection's pull as the server answers `query`. */
  async function fetchPullPage(query: URLSearchParams) {
    const path = pullPath(core.options.name, query);
    const answer =
      (await answerAhead(path)) ?? (await syncRequest(core.options.request, path, { method: 'GET' }));
    return pullResponseSchema.parse(answer);
  }

  /** One page of the pull narrowed as `narrow` says, from `from`, its rows stored before checked (`checkStoredRowsOf`). */
  async function fetchNarrowPage(narrow: Narrow, from: SyncCheckpoint | null, batchSize: number) {
    const query = new URLSearchParams({ limit: String(batchSize), ...narrow });
    if (from) query.set('checkpoint', JSON.stringify(from));
    const page = await fetchPullPage(query);
    await store.checkStoredRowsOf(page.documents);
    return page;
  }

  return { fetchPullPage, fetchNarrowPage };
}

type PullPages<Doc extends LocalDoc> = ReturnType<typeof createPullPages<Doc>>;

/** What the pull step needs of the other steps. */
export type PullDeps<Doc extends LocalDoc> = {
  core: ReplicationCore<Doc>;
  retry: Retry;
  pages: PullPages<Doc>;
  store: Pick<StoreStep<Doc>, 'checkStoredRowsOf'>;
  checkpoint: Pick<CheckpointStep<Doc>, 'start' | 'pulledFrom' | 'rereadPassedRows'>;
  progress: ProgressStep<Doc>;
  sweep: ScopeSweep<Doc>;
  /** Present for a collection kept subject by subject. */
  subjects?: ReturnType<typeof createSubjectPull<Doc>>;
  /** Present for a collection whose rows a screen may ask for ahead of its first pull. */
  ahead?: ReturnType<typeof createAheadPull<Doc>>;
};

type PullAnswer<Doc extends LocalDoc> = {
  documents: WithDeleted<Doc>[];
  checkpoint: SyncCheckpoint | undefined;
};

/**
 * The pull step: RxDB's pull handler. Before the pull of changes comes a page asked for aside (rows wanted
 * ahead of the first pull, or of a subject kept); while rows a screen waits for hold the first pull back, it
 * looks again each moment. Then the page of changes from the checkpoint (or a rewind of it), its rows stored
 * before checked, the scope sweep's deletions added, and the first pull's progress counted.
 */
export function createPullStep<Doc extends LocalDoc>(deps: PullDeps<Doc>) {
  const { core, retry, pages, store, checkpoint, progress, sweep } = deps;
  const { options } = core;

  /** The page asked for aside, or null when none; `kept` are the subjects kept now (null: the whole collection). */
  async function asidePage(kept: readonly string[] | null, batchSize: number) {
    if (deps.ahead && progress.running()) return deps.ahead.page(batchSize);
    return kept && deps.subjects ? deps.subjects.page(kept, batchSize) : null;
  }

  /** Whether the first pull's next page is held back by rows a screen waits for (`firstPullYields`). */
  async function heldBack(): Promise<{ held: boolean; letGo: boolean }> {
    if (!progress.running() || !options.firstPullYields) return { held: false, letGo: false };
    const held = await options.firstPullYields();
    return { held, letGo: !held };
  }

  /** The page of changes from RxDB's `from`, the kept subjects named; `letGo` when the gate let it go. */
  async function changesPage(
    from: SyncCheckpoint | undefined,
    kept: readonly string[] | null,
    batchSize: number,
    letGo: boolean,
  ) {
    const query = changesQuery(from, kept, batchSize, await progress.wantsCount(from !== undefined));
    try {
      return await pages.fetchPullPage(query);
    } finally {
      if (letGo) options.firstPullFetched?.();
    }
  }

  async function pull(last: SyncCheckpoint | undefined, batchSize: number): Promise<PullAnswer<Doc>> {
    await sweep.resume();
    await checkpoint.rereadPassedRows();
    let kept: readonly string[] | null = null;
    let gate = { held: false, letGo: false };
    do {
      kept = options.bySubject ? await options.bySubject.kept() : null;
      const documents = await asidePage(kept, batchSize);
      if (documents) {
        retry.succeeded();
        await options.onPulled();
        // Such a page leaves the pull of changes where it was. RxDB stores no checkpoint for an empty page,
        // so that pull may have none yet: the start, which the server reads as none.
        return { documents, checkpoint: last ?? { updatedAt: 0, id: '' } };
      }
      gate = await heldBack();
    } while (gate.held);
    const start = await checkpoint.start(last);
    const from = sweep.startsOver() ? undefined : start.from;
    const page = await changesPage(from, kept, batchSize, gate.letGo);
    await sweep.notePage(from, page.checkpoint);
    const alreadyStored = await store.checkStoredRowsOf(page.documents);
    const documents = await sweep.sweep(page.documents, batchSize);
    await checkpoint.pulledFrom(start.rewind);
    retry.succeeded();
    await options.onPulled();
    await progress.notePage(page, batchSize, alreadyStored);
    return { documents, checkpoint: page.checkpoint ?? from };
  }

  return {
    /** RxDB's pull handler: the next page from `last`, RxDB's checkpoint. */
    async handler(last: SyncCheckpoint | undefined, batchSize: number): Promise<PullAnswer<Doc>> {
      await options.pullAfter;
      try {
        return await pull(last, batchSize);
      } catch (error) {
        return retry.failed(error);
      }
    },
  };
}
