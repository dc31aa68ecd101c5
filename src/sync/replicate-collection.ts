import type { RxCollection, WithDeleted } from 'rxdb';
import { type RxReplicationState, replicateRxCollection } from 'rxdb/plugins/replication';
import type { z } from 'zod';
import { type SyncCheckpoint, syncPullResponseSchema, syncPushResponseSchema } from '../../domain/sync';
import { sameContent } from '../../domain/sync-merge';
import type { SchoolDatabase } from '../db/open-database';
import { pendingEntries, recordIssue, settlePending, settlePendingBefore } from '../db/outbox';
import { createBackoff } from './backoff';
import {
  SignInRequiredError,
  type SyncRequestContext,
  syncRequest,
  UpdateRequiredError,
} from './sync-request';

/** A replicated document as stored locally: an id and the server's change sequence at least. */
export type LocalDoc = { id: string; updatedAt: number };

export type CollectionReplicationOptions<Doc extends LocalDoc> = {
  name: string;
  database: SchoolDatabase;
  collection: RxCollection<Doc>;
  /** The domain schema of the collection's documents on the wire. */
  docSchema: z.ZodType<WithDeleted<Doc>>;
  /** Whether this user may push the collection at all; pull-only otherwise. */
  push: boolean;
  request: SyncRequestContext;
  batchSize?: number;
  /** Only the leader replicates; tests with a single instance pass false. */
  waitForLeadership?: boolean;
  /** The backoff after a failed call, shortest and longest (tests shorten it). */
  retryMs?: { min: number; max: number };
  onSignInRequired(): void;
  onUpdateRequired(): void;
  /** Called after every successful pull. */
  onPulled(): Promise<void>;
  /** Whether the worker counts as offline now (its change socket is down); its pushes then say so. */
  isOffline?: () => boolean;
};

/** A running replication of one collection. */
export type CollectionReplication<Doc extends LocalDoc> = {
  state: RxReplicationState<Doc, SyncCheckpoint>;
  /** Pulls now, cutting short any retry wait (socket notice, reconnect, network back). */
  reSync(): void;
  cancel(): Promise<void>;
};

const MIN_RETRY_MS = 2000;
const MAX_RETRY_MS = 60_000;
const LOCAL_ONLY_FIELDS = new Set(['_meta', '_rev', '_attachments']);

/** A document as the server takes it: RxDB's bookkeeping fields left out. */
function toWire<Doc extends LocalDoc>(doc: WithDeleted<Doc>): WithDeleted<Doc> {
  return Object.fromEntries(
    Object.entries(doc).filter(([key]) => !LOCAL_ONLY_FIELDS.has(key)),
  ) as WithDeleted<Doc>;
}

/**
 * Replicates one collection with the server (ARCHITECTURE §3). RxDB's own `retryTime` is a fixed wait that,
 * in a worker, no `online` event shortens; so each handler waits out a growing backoff itself before it
 * reports a failure (network, timeout, 5xx), RxDB then retries at once, and `reSync()` ends the wait early.
 * A 401 asks the window for a sign-in, a 426 for the update. Rows the server did not take as sent roll
 * back to the server's state (RxDB's conflict handling) and are listed among the sync issues.
 */
export function replicateCollection<Doc extends LocalDoc>(
  options: CollectionReplicationOptions<Doc>,
): CollectionReplication<Doc> {
  const backoff = createBackoff(options.retryMs?.min ?? MIN_RETRY_MS, options.retryMs?.max ?? MAX_RETRY_MS);
  // The content of every state this replication sent per row. When an answer was lost after the server
  // committed, the retry meets the server holding our own earlier state; that is no conflict with anybody,
  // so the row is sent again on top of it instead of being rolled back.
  const sentStates = new Map<string, Set<string>>();
  const contentKey = (doc: WithDeleted<Doc>) =>
    JSON.stringify(
      Object.entries(toWire(doc))
        .filter(([key]) => key !== 'updatedAt')
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    );
  const taken: WithDeleted<Doc>[] = [];
  const remember = (doc: WithDeleted<Doc>) => {
    const states = sentStates.get(doc.id) ?? new Set<string>();
    states.add(contentKey(doc));
    sentStates.set(doc.id, states);
  };
  const pullResponseSchema = syncPullResponseSchema(options.docSchema);
  const pushResponseSchema = syncPushResponseSchema(options.docSchema);

  // Whether the last pull and push calls succeeded; only then does going idle mean everything was sent.
  let healthy = true;

  async function failed(error: unknown): Promise<never> {
    healthy = false;
    if (error instanceof SignInRequiredError) options.onSignInRequired();
    if (error instanceof UpdateRequiredError) options.onUpdateRequired();
    await backoff.wait();
    throw error;
  }

  async function send(
    rows: readonly { newDocumentState: WithDeleted<Doc>; assumedMasterState?: WithDeleted<Doc> | null }[],
    offline: boolean,
  ) {
    const body = {
      rows: rows.map((row) => ({
        newDocumentState: toWire(row.newDocumentState),
        assumedMasterState: row.assumedMasterState ? toWire(row.assumedMasterState) : null,
      })),
    };
    for (const row of body.rows) remember(row.newDocumentState);
    const answer = pushResponseSchema.parse(
      await syncRequest(options.request, `/api/sync/${options.name}/push`, { method: 'POST', body, offline }),
    );
    for (const doc of answer.written) {
      const local = body.rows.find((row) => row.newDocumentState.id === doc.id)?.newDocumentState;
      // A row taken with a new sequence goes back to RxDB as the master state, so the local copy takes the
      // sequence even when a pull passed the row while this push was in flight.
      if (local && local.updatedAt !== doc.updatedAt) taken.push(doc);
    }
    return answer.conflicts;
  }

  async function pushGroup(
    rows: { newDocumentState: WithDeleted<Doc>; assumedMasterState?: WithDeleted<Doc> }[],
    offline: boolean,
  ) {
    if (rows.length === 0) return [];
    taken.length = 0;
    const sent = new Map(rows.map((row) => [row.newDocumentState.id, toWire(row.newDocumentState)]));
    let conflicts = await send(rows, offline);
    const again = conflicts.flatMap((conflict) => {
      const local = sent.get(conflict.document.id);
      const ownEarlierState =
        (conflict.reason === 'conflict' || conflict.reason === 'field_conflict') &&
        sentStates.get(conflict.document.id)?.has(contentKey(conflict.document));
      return local && ownEarlierState
        ? [{ newDocumentState: local, assumedMasterState: conflict.document }]
        : [];
    });
    if (again.length > 0) {
      const retried = new Set(again.map((row) => row.newDocumentState.id));
      conflicts = [
        ...conflicts.filter((conflict) => !retried.has(conflict.document.id)),
        ...(await send(again, offline)),
      ];
    }
    const answer = { conflicts };
    for (const conflict of answer.conflicts) {
      const local = sent.get(conflict.document.id);
      if (!local || sameContent(local, conflict.document)) continue;
      await recordIssue(options.database, {
        collection: options.name,
        docId: local.id,
        reason: conflict.reason,
        fields: conflict.fields ?? [],
        local,
        at: Date.now(),
      });
    }
    return [...answer.conflicts.map((conflict) => conflict.document), ...taken.splice(0)];
  }

  const state = replicateRxCollection<Doc, SyncCheckpoint>({
    replicationIdentifier: `${options.name}-sync:${options.request.baseUrl}`,
    collection: options.collection,
    live: true,
    retryTime: 1,
    waitForLeadership: options.waitForLeadership ?? true,
    pull: {
      batchSize: options.batchSize ?? 200,
      handler: async (checkpoint, batchSize) => {
        try {
          const query = new URLSearchParams({ limit: String(batchSize) });
          if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
          const page = pullResponseSchema.parse(
            await syncRequest(options.request, `/api/sync/${options.name}/pull?${query}`, { method: 'GET' }),
          );
          backoff.reset();
          healthy = true;
          await options.onPulled();
          return { documents: page.documents, checkpoint: page.checkpoint ?? checkpoint };
        } catch (error) {
          return failed(error);
        }
      },
    },
    push: options.push
      ? {
          batchSize: 100,
          handler: async (rows) => {
            try {
              const ids = rows.map((row) => row.newDocumentState.id);
              const entries = await pendingEntries(options.database, options.name, ids);
              // The outbox entry of a write is stored just after the write itself, so a push may run before
              // it exists: a row pushed while this worker's socket is down was written offline as well.
              const workerOffline = options.isOffline?.() === true;
              const offline = (id: string) => workerOffline || entries.get(id)?.offline === true;
              // Writes made offline travel in their own request with `X-Offline-Origin: 1`.
              const conflicts = [
                ...(await pushGroup(
                  rows.filter((row) => !offline(row.newDocumentState.id)),
                  false,
                )),
                ...(await pushGroup(
                  rows.filter((row) => offline(row.newDocumentState.id)),
                  true,
                )),
              ];
              await settlePending(options.database, [...entries.values()]);
              backoff.reset();
              healthy = true;
              return conflicts;
            } catch (error) {
              return failed(error);
            }
          },
        }
      : undefined,
  });

  // Only a change from busy to idle means the queue was worked through: the first `false` comes before the
  // replication has even started, and settling then would hide writes queued while the app was closed.
  let wasActive = false;
  const idle = state.active$.subscribe((active) => {
    const finished = wasActive && !active;
    wasActive = active;
    if (!finished || !healthy) return;
    void settlePendingBefore(options.database, options.name, Date.now()).catch(() => undefined);
  });

  return {
    state,
    reSync() {
      backoff.wake();
      state.reSync();
    },
    cancel: async () => {
      idle.unsubscribe();
      backoff.wake();
      await state.cancel();
    },
  };
}
