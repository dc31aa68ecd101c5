import type { WithDeleted } from 'rxdb';
import { z } from 'zod';
import { syncPushResponseSchema } from '../../../domain/sync';
import {
  answerSentPush,
  forgetSentPush,
  pendingEntries,
  recordSentPush,
  type SentPush,
  sentPushes,
  settlePending,
} from '../../db/outbox';
import { HttpError } from '../http';
import { syncRequest } from '../sync-request';
import type { CheckpointStep } from './checkpoint';
import { basedOnOwnWrite, conflictsOf, type OwnWrite, type PushAnswer, type WireRow } from './conflict';
import { type LocalDoc, type ReplicationCore, toWire } from './core';
import type { Retry } from './retry';
import { writesPushedAsStored } from './settle';
import { isUnrecordedPull } from './store';

// The server answers a replayed push key for a day (server/plugins/idempotency.ts).
const SENT_PUSH_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A row RxDB hands the push: its state now, and RxDB's record of the server's state it was written over. */
type QueuedRow<Doc extends LocalDoc> = {
  newDocumentState: WithDeleted<Doc>;
  assumedMasterState?: WithDeleted<Doc>;
};

/**
 * A fresh idempotency key of 128 random bits. `crypto.randomUUID` exists only in secure contexts, and the
 * app may be served over plain HTTP on a school's network; `getRandomValues` exists everywhere.
 */
export function requestKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * Whether RxDB hands the push of a collection kept by subject a row that the device dropped with its subject
 * (`subject-pull.ts`: a deletion stored through the pull) and whose record it lost, a worker having died
 * between the two steps of storing it (see `isUnrecordedPull`). No screen deletes marks or scores, so a
 * deletion with no write of the user's waiting is such a drop: sent, it would delete the row on the server
 * (the fault property found one with a reload between the steps). RxDB then records it as the server's
 * state, which the subject's next pull, if it is opened again, replaces.
 */
export function isUnrecordedDrop<Doc extends LocalDoc>(
  stored: WithDeleted<Doc>,
  waiting: ReadonlyMap<string, unknown>,
): boolean {
  return stored._deleted && !waiting.has(stored.id);
}

/**
 * A write of the user's on a row of a collection kept by subject, sent as a live row: no screen deletes marks
 * or scores, so a deleted one holds a value written onto a row being dropped with its subject (the write
 * patched the dropped state). Sent as it is, it would delete the row on the server and lose the value.
 */
export function revived<Doc extends LocalDoc>(row: QueuedRow<Doc>): QueuedRow<Doc> {
  if (!row.newDocumentState._deleted) return row;
  return { ...row, newDocumentState: { ...row.newDocumentState, _deleted: false } };
}

/**
 * Of the rows RxDB hands the push, those it sends, and those that hold no change of the user's: rows a pull
 * stored but never recorded (`isUnrecordedPull`), which RxDB then records as the server's state, which they
 * are at their sequence, and likewise rows dropped with their subject whose record RxDB lost
 * (`isUnrecordedDrop`).
 */
export function sortQueued<Doc extends LocalDoc>(
  queued: readonly QueuedRow<Doc>[],
  waiting: ReadonlyMap<string, unknown>,
  bySubject: boolean,
): { unrecorded: QueuedRow<Doc>[]; dropped: QueuedRow<Doc>[]; rows: QueuedRow<Doc>[] } {
  const unrecorded = queued.filter((row) =>
    isUnrecordedPull(row.newDocumentState, row.assumedMasterState, waiting),
  );
  const dropped = bySubject ? queued.filter((row) => isUnrecordedDrop(row.newDocumentState, waiting)) : [];
  const rows = queued
    .filter((row) => !unrecorded.includes(row) && !dropped.includes(row))
    .map((row) => (bySubject ? revived(row) : row));
  return { unrecorded, dropped, rows };
}

/** What the push step needs of the other steps. */
export type PushDeps<Doc extends LocalDoc> = {
  core: ReplicationCore<Doc>;
  retry: Retry;
  checkpoint: Pick<CheckpointStep<Doc>, 'rereadPassedStates'>;
};

/**
 * The push step: RxDB's push handler, which sends the user's writes under idempotency keys recorded before
 * they leave, and the forgetting of those records once RxDB has stored their answers.
 */
export function createPushStep<Doc extends LocalDoc>({ core, retry, checkpoint }: PushDeps<Doc>) {
  const { options } = core;
  const { database, name } = options;
  const pushResponseSchema = syncPushResponseSchema(options.docSchema);
  const sentRowsSchema = z.array(
    z.object({ newDocumentState: options.docSchema, assumedMasterState: options.docSchema.nullable() }),
  );

  /** One push request under its idempotency key: a replay of a key gets the answer the server stored. */
  async function post(
    key: string,
    rows: readonly WireRow<Doc>[],
    offline: boolean,
  ): Promise<PushAnswer<Doc>> {
    return pushResponseSchema.parse(
      await syncRequest(options.request, `/api/sync/${name}/push`, {
        method: 'POST',
        body: { rows },
        offline,
        idempotencyKey: key,
      }),
    );
  }

  /**
   * The answer to a recorded push request, replaying it with its own key when its answer never came (the
   * worker died, the answer was lost): the server answers from its store what it did the first time, or, if
   * the request never arrived, runs it now. Null when it was refused for good (the key taken by another
   * request after it expired, the rows no longer allowed): nothing more to learn from it, and it is
   * forgotten. Still running on the server (409): asked again later.
   */
  async function answerOf(push: SentPush, rows: readonly WireRow<Doc>[]): Promise<PushAnswer<Doc> | null> {
    const answer = pushResponseSchema.safeParse(push.answer).data;
    if (answer) return answer;
    try {
      const replayed = await post(push.key, rows, push.offline);
      await answerSentPush(database, name, push, replayed);
      return replayed;
    } catch (error) {
      if (error instanceof HttpError && error.status >= 400 && error.status < 500 && error.status !== 409) {
        await forgetSentPush(database, name, push.key);
        return null;
      }
      throw error;
    }
  }

  /** The server's state of each of `ids` after this device's latest recorded push that took it. */
  async function ownWrites(ids: ReadonlySet<string>): Promise<Map<string, OwnWrite<Doc>>> {
    const latest = new Map<string, OwnWrite<Doc>>();
    for (const push of await sentPushes(database, name)) {
      const rows = sentRowsSchema.safeParse(push.rows);
      if (!rows.success) {
        await forgetSentPush(database, name, push.key);
        continue;
      }
      if (!rows.data.some((row) => ids.has(row.newDocumentState.id))) continue;
      const answer = await answerOf(push, rows.data);
      for (const doc of answer?.written ?? []) {
        const known = latest.get(doc.id);
        const sent = rows.data.find((row) => row.newDocumentState.id === doc.id)?.newDocumentState;
        if (sent && ids.has(doc.id) && (!known || known.written.updatedAt < doc.updatedAt)) {
          latest.set(doc.id, { sent, written: doc });
        }
      }
    }
    return latest;
  }

  /**
   * Pushes rows in one request, each based on this device's own earlier push where that is later than its
   * base (`basedOnOwnWrite`). The request is recorded before it leaves (see `recordSentPush`). Returns
   * RxDB's conflicts (`conflictsOf`).
   */
  async function pushGroup(rows: readonly QueuedRow<Doc>[], offline: boolean): Promise<WithDeleted<Doc>[]> {
    if (rows.length === 0) return [];
    const wire: WireRow<Doc>[] = rows.map((row) => ({
      newDocumentState: toWire(row.newDocumentState),
      assumedMasterState: row.assumedMasterState ? toWire(row.assumedMasterState) : null,
    }));
    const own = await ownWrites(new Set(wire.map((row) => row.newDocumentState.id)));
    const send = wire.map((row) => basedOnOwnWrite(row, own.get(row.newDocumentState.id)));
    const push = { key: requestKey(), offline, at: Date.now(), rows: send };
    await recordSentPush(database, name, push);
    const answer = await post(push.key, send, offline);
    await answerSentPush(database, name, push, answer);
    return conflictsOf({ database, name }, send, answer);
  }

  return {
    /** RxDB's push handler: sends what the rows hold of the user's writes, and returns RxDB's conflicts. */
    async handler(queued: QueuedRow<Doc>[]): Promise<WithDeleted<Doc>[]> {
      try {
        const ids = queued.map((row) => row.newDocumentState.id);
        const entries = await pendingEntries(database, name, ids);
        const stored = await options.collection.storageInstance.findDocumentsById(ids, true);
        const { unrecorded, rows } = sortQueued(queued, entries, options.bySubject !== undefined);
        // A write's outbox entry is stored before the write, but a tab on an older build may still
        // store it after: a row pushed while this worker's socket is down was written offline as well.
        const workerOffline = options.isOffline?.() === true;
        const offline = (row: QueuedRow<Doc>) =>
          workerOffline || entries.get(row.newDocumentState.id)?.offline === true;
        // Writes made offline travel in their own request with `X-Offline-Origin: 1`.
        const conflicts = [
          ...(await pushGroup(
            rows.filter((row) => !offline(row)),
            false,
          )),
          ...(await pushGroup(rows.filter(offline), true)),
        ];
        // Unrecorded rows go back to RxDB as they are: see `rereadPassedStates` for what may have changed since.
        await checkpoint.rereadPassedStates([...unrecorded.map((row) => row.newDocumentState), ...conflicts]);
        await settlePending(database, writesPushedAsStored(queued, stored, entries));
        retry.succeeded();
        return conflicts;
      } catch (error) {
        return retry.failed(error);
      }
    },

    /**
     * Forgets the recorded requests whose answers RxDB has stored: every row they took holds, locally, that
     * sequence or a later one (RxDB writes a row's local copy and its base together). A row written again
     * before the answer was stored still has the older sequence, so its request stays until that write is
     * pushed: the change event of a write made in another tab can reach this worker after it went idle.
     * Requests older than the server keeps their keys go in any case.
     */
    async forgetSettledPushes(now: number) {
      for (const push of await sentPushes(database, name)) {
        const answer = pushResponseSchema.safeParse(push.answer).data;
        let settled = push.at < now - SENT_PUSH_LIFETIME_MS;
        if (answer && !settled) {
          const local = await options.collection.findByIds(answer.written.map((doc) => doc.id)).exec();
          settled = answer.written.every(
            (doc) => (local.get(doc.id)?.updatedAt ?? Number.POSITIVE_INFINITY) >= doc.updatedAt,
          );
        }
        if (settled) await forgetSentPush(database, name, push.key);
      }
    },
  };
}
