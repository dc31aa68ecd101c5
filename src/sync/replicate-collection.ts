import { replicateRxCollection } from 'rxdb/plugins/replication';
import { SYNC_PULL_MAX_LIMIT, type SyncCheckpoint } from '../../domain/sync';
import { clearAhead } from '../db/ahead-asks';
import { createAheadPull } from './ahead-pull';
import { createCheckpointStep } from './replication/checkpoint';
import type {
  CollectionReplication,
  CollectionReplicationOptions,
  LocalDoc,
  ReplicationCore,
} from './replication/core';
import { createProgressStep } from './replication/progress';
import { createPullPages, createPullStep } from './replication/pull';
import { createPushStep } from './replication/push';
import { PUSH_PAUSE, untilWritesPause } from './replication/push-pause';
import { createRetry } from './replication/retry';
import { createScopeSweep } from './replication/scope-sweep';
import { settleIdleWrites } from './replication/settle';
import { createStoreStep } from './replication/store';
import { createSubjectPull } from './replication/subject-pull';

export type { CollectionReplication, CollectionReplicationOptions, LocalDoc } from './replication/core';

/**
 * Replicates one collection with the server (ARCHITECTURE §3), in named steps, each a module of
 * `./replication/`: the pull (`pull.ts`; a collection kept by subject in `subject-pull.ts`, a change of the
 * user's scope in `scope-sweep.ts`), the store (`store.ts`: what the device holds of pulled rows), the
 * checkpoint (`checkpoint.ts`: where the next pull starts), the push (`push.ts`), its conflicts
 * (`conflict.ts`: rows the server did not take as sent roll back to its state, RxDB's conflict handling,
 * and are listed among the sync issues), the retry (`retry.ts`: a growing backoff that `reSync()` cuts
 * short; a 401 asks the window for a sign-in, a 426 for the update), the first pull's progress
 * (`progress.ts`), and the settling of writes with nothing left to send once the replication goes idle
 * (`settle.ts`).
 */
export function replicateCollection<Doc extends LocalDoc>(
  options: CollectionReplicationOptions<Doc>,
): CollectionReplication<Doc> {
  const core: ReplicationCore<Doc> = { options };
  const retry = createRetry(options);
  const checkpoint = createCheckpointStep(core);
  const store = createStoreStep(core, checkpoint);
  const pages = createPullPages(core, store);
  const reSync = () => core.state?.reSync();
  const ahead =
    options.ahead &&
    createAheadPull<Doc>({
      ...options.ahead,
      database: options.database,
      name: options.name,
      fetchPage: pages.fetchNarrowPage,
      pageStored: store.pageRowsStored,
      reSync,
    });
  const progress = createProgressStep<Doc>({
    options,
    pageStored: store.pageStored,
    afterDone: async () => {
      if (ahead) await clearAhead(options.database, options.name);
    },
  });
  const pull = createPullStep({
    core,
    retry,
    pages,
    store,
    checkpoint,
    progress,
    sweep: createScopeSweep(core),
    subjects: options.bySubject && createSubjectPull({ core, fetchPage: pages.fetchNarrowPage, store }),
    ahead,
  });
  const push = options.push ? createPushStep({ core, retry, checkpoint }) : null;

  const state = replicateRxCollection<Doc, SyncCheckpoint>({
    replicationIdentifier: `${options.name}-sync:${options.request.baseUrl}`,
    collection: options.collection,
    live: true,
    retryTime: 1,
    waitForLeadership: options.waitForLeadership ?? true,
    pull: { batchSize: options.batchSize ?? SYNC_PULL_MAX_LIMIT, handler: pull.handler },
    push: push
      ? {
          batchSize: 100,
          handler: push.handler,
          waitBeforePersist: untilWritesPause(options.pushPause ?? PUSH_PAUSE),
        }
      : undefined,
  });
  core.state = state;

  // Only a change from busy to idle means the queue was worked through: the first `false` comes before the
  // replication has even started, and settling then would hide writes queued while the app was closed.
  let wasActive = false;
  const idle = state.active$.subscribe((active) => {
    const finished = wasActive && !active;
    wasActive = active;
    if (!finished || !retry.healthy) return;
    void checkpoint.reSyncForPassedRows().catch(() => undefined);
    const now = Date.now();
    void settleIdleWrites(core, store, now).catch(() => undefined);
    if (push) void push.forgetSettledPushes(now).catch(() => undefined);
  });

  return {
    state,
    reSync() {
      retry.wake();
      state.reSync();
    },
    cancel: async () => {
      idle.unsubscribe();
      retry.wake();
      await state.cancel();
    },
  };
}
