import { type RxReplicationState, replicateRxCollection } from 'rxdb/plugins/replication';
import type { SyncCheckpoint } from '../../domain/sync';
import type { MasterDocType } from '../db/master-schema';
import type { MasterCollection } from '../db/open-database';
import { createBackoff } from './backoff';
import type { FetchLike } from './http';
import { pullMaster, SignInRequiredError } from './pull-master';

export type MasterReplicationOptions = {
  collection: MasterCollection;
  fetchImpl: FetchLike;
  baseUrl: string;
  /** Rows per pull request. */
  batchSize?: number;
  /** Only the leader replicates; tests with a single instance pass false. */
  waitForLeadership?: boolean;
  onSignInRequired(): void;
  /** Called after every successful pull. */
  onPulled(): Promise<void>;
};

/** A running master replication. */
export type MasterReplication = {
  state: RxReplicationState<MasterDocType, SyncCheckpoint>;
  /** Pulls now, cutting short any retry wait (socket notice, reconnect, network back). */
  reSync(): void;
  cancel(): Promise<void>;
};

const MIN_RETRY_MS = 2000;
const MAX_RETRY_MS = 60_000;

/**
 * Replicates the `master` collection from the server, pull only. RxDB's own `retryTime` is a fixed wait
 * that, in a worker, no `online` event shortens; so the handler waits out a growing backoff itself before it
 * reports a failure, RxDB then retries at once, and `reSync()` ends the wait early.
 */
export function replicateMaster(options: MasterReplicationOptions): MasterReplication {
  const backoff = createBackoff(MIN_RETRY_MS, MAX_RETRY_MS);
  const state = replicateRxCollection<MasterDocType, SyncCheckpoint>({
    replicationIdentifier: `master-pull:${options.baseUrl}`,
    collection: options.collection,
    live: true,
    retryTime: 1,
    waitForLeadership: options.waitForLeadership ?? true,
    pull: {
      batchSize: options.batchSize ?? 200,
      handler: async (checkpoint, batchSize) => {
        try {
          const page = await pullMaster(options.fetchImpl, options.baseUrl, checkpoint, batchSize);
          backoff.reset();
          await options.onPulled();
          return page;
        } catch (error) {
          if (error instanceof SignInRequiredError) options.onSignInRequired();
          await backoff.wait();
          throw error;
        }
      },
    },
  });

  return {
    state,
    reSync() {
      backoff.wake();
      state.reSync();
    },
    cancel: async () => {
      backoff.wake();
      await state.cancel();
    },
  };
}
