import {
  getAssumedMasterState,
  getLastCheckpointDoc,
  getMetaWriteRow,
  type RxCollection,
  type WithDeleted,
} from 'rxdb';
import { type RxReplicationState, replicateRxCollection } from 'rxdb/plugins/replication';
import { filter, firstValueFrom } from 'rxjs';
import { z } from 'zod';
import {
  SYNC_PULL_MAX_LIMIT,
  type SyncCheckpoint,
  syncPullResponseSchema,
  syncPushResponseSchema,
} from '../../domain/sync';
import { sameContent } from '../../domain/sync-merge';
import { clearAhead } from '../db/ahead-asks';
import { type HeldSubjects, heldSubjects, storeHeldSubjects } from '../db/demand-subjects';
import type { SchoolDatabase } from '../db/open-database';
import {
  answerSentPush,
  forgetSentPush,
  pendingEntries,
  pendingWrittenBefore,
  recordIssue,
  recordSentPush,
  sentPushes,
  settlePending,
} from '../db/outbox';
import type { FirstPullProgress } from '../db/sync-state';
import {
  endPullRewind,
  endScopeSweep,
  markFirstPullDone,
  pullRewind,
  rewindPull,
  scopeSweepPending,
  startScopeSweep,
} from '../db/sync-state';
import { type AheadPullDeps, createAheadPull } from './ahead-pull';
import { type Backoff, createBackoff } from './backoff';
import { HttpError } from './http';
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
  /**
   * Documents per pull page, the server's largest by default. RxDB records a page only after storing all of
   * it, so the larger the page, the more rows a reload mid-sync leaves unrecorded; those are recorded again
   * before the next page applies (`checkStoredRowsOf`). Pages of 1,000 instead of 200 cut an admin's
   * first sync of a scale-10 school from 93 s to 59 s (`npm run bench -- sync`).
   */
  batchSize?: number;
  /** Only the leader replicates; tests with a single instance pass false. */
  waitForLeadership?: boolean;
  /** The backoff after a failed call, shortest and longest (tests shorten it). */
  retryMs?: { min: number; max: number };
  /** The backoff itself, instead of one made from `retryMs` (tests watch the waits it is asked for). */
  backoff?: Backoff;
  onSignInRequired(accountClosed: boolean): void;
  onUpdateRequired(): void;
  /** Called after every successful pull. */
  onPulled(): Promise<void>;
  /** Whether the worker counts as offline now (its change socket is down); its pushes then say so. */
  isOffline?: () => boolean;
  /**
   * The collection's first pull on this device. `done` when it completed before: nothing is counted then.
   * Otherwise the first page asks the server how many rows there are (`count=1`, once per run: the count
   * makes the server read every row after the checkpoint), `onProgress` hears after every page how many
   * have come, and the pull is recorded as done (`markFirstPullDone`) once its last page is stored.
   */
  firstPull?: { done: boolean; onProgress(progress: Omit<FirstPullProgress, 'collection'>): void };
  /** Pulls wait for this first (the other collections of a first sync wait for the master data's pull). */
  pullAfter?: Promise<void>;
  /**
   * Present when the device replicates the collection subject by subject (an on-demand role,
   * docs/on-demand-sync.md): the subjects to keep now, most recently opened first.
   */
  bySubject?: { kept(): Promise<readonly string[]> };
  /**
   * Present for a collection pulled whole whose rows a screen may wait for (`SUBJECT_AHEAD_COLLECTIONS`,
   * `ROWS_AHEAD_COLLECTIONS`): while its first pull runs, the rows screens wait for and the subjects they
   * opened come ahead of the rest (`createAheadPull`).
   */
  ahead?: Pick<AheadPullDeps<Doc>, 'byId' | 'subjectsOpened' | 'opened' | 'askNext'>;
  /**
   * Before the first pull fetches its next page of the whole collection: whether rows a screen waits for
   * hold it back (`screenAsksFirst`), having waited a moment if so. Pages of rows asked for never wait.
   * When it does not hold the page back, the page may be fetched, and `firstPullFetched` is called once it
   * has come (or failed).
   */
  firstPullYields?: () => Promise<boolean>;
  firstPullFetched?: () => void;
};

/** A running replication of one collection. */
export type CollectionReplication<Doc extends LocalDoc> = {
  state: RxReplicationState<Doc, SyncCheckpoint>;
  /** Pulls now, cutting short any retry wait (socket notice, reconnect, network back). */
  reSync(): void;
  cancel(): Promise<void>;
};

const MIN_RETRY_MS = 2000;
// The server answers a replayed push key for a day (server/plugins/idempotency.ts).
const SENT_PUSH_LIFETIME_MS = 24 * 60 * 60 * 1000;
const MAX_RETRY_MS = 60_000;
const LOCAL_ONLY_FIELDS = new Set(['_meta', '_rev', '_attachments']);
// A pending entry is stored just before its write; one whose row still does not exist after this long
// belongs to a write that failed (storage full, refused by the schema) and has nothing to send.
const UNWRITTEN_ENTRY_MS = 60_000;

/**
 * A fresh idempotency key of 128 random bits. `crypto.randomUUID` exists only in secure contexts, and the
 * app may be served over plain HTTP on a school's network; `getRandomValues` exists everywhere.
 */
function requestKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

function batchSizeOf(options: { batchSize?: number }): number {
  return options.batchSize ?? SYNC_PULL_MAX_LIMIT;
}

/**
 * Whether `here`, a row as the device holds it, is `pulled`'s state or a later one. A deletion at the same
 * sequence as a live pulled row is not: it is the row as dropped with its subject (see `subjectPage`), and a
 * subject opened again has its rows back only once the page that brings them is stored over it.
 */
function holdsState<Doc extends LocalDoc>(
  here: WithDeleted<Doc> | undefined,
  pulled: WithDeleted<Doc>,
): boolean {
  if (here === undefined) return false;
  if (here.updatedAt !== pulled.updatedAt) return here.updatedAt > pulled.updatedAt;
  return here._deleted === pulled._deleted;
}

/** A document as the server takes it: RxDB's bookkeeping fields left out. */
function toWire<Doc extends LocalDoc>(doc: WithDeleted<Doc>): WithDeleted<Doc> {
  return Object.fromEntries(
    Object.entries(doc).filter(([key]) => !LOCAL_ONLY_FIELDS.has(key)),
  ) as WithDeleted<Doc>;
}

/**
 * Whether RxDB hands the push a row its pull stored but never recorded. RxDB stores a pulled page in two
 * steps, the rows and then its record of the server state each was pulled at; a worker that dies in between
 * (a reload or a closed tab mid-sync) leaves rows that look like local writes with no base (or an older
 * one). Such a row has no waiting write of the user's and carries a server sequence newer than its base:
 * it is the server's state at that sequence. It is never pushed: it holds no change of the user's, and as a
 * write it would cost the server a locked read and write of the row, or undo what changed since.
 */
function isUnrecordedPull<Doc extends LocalDoc>(
  stored: WithDeleted<Doc>,
  recorded: WithDeleted<Doc> | undefined,
  waiting: ReadonlyMap<string, unknown>,
): boolean {
  return !waiting.has(stored.id) && stored.updatedAt > 0 && (recorded?.updatedAt ?? 0) < stored.updatedAt;
}

/**
 * Whether RxDB hands the push of a collection kept by subject a row that the device dropped with its subject
 * (`subjectPage`: a deletion stored through the pull) and whose record it lost, a worker having died between
 * the two steps of storing it (see `isUnrecordedPull`). No screen deletes marks or scores, so a deletion with
 * no write of the user's waiting is such a drop: sent, it would delete the row on the server (the fault
 * property found one with a reload between the steps). RxDB then records it as the server's state, which the
 * subject's next pull, if it is opened again, replaces.
 */
function isUnrecordedDrop<Doc extends LocalDoc>(
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
function revived<Doc extends LocalDoc>(row: {
  newDocumentState: WithDeleted<Doc>;
  assumedMasterState?: WithDeleted<Doc>;
}): { newDocumentState: WithDeleted<Doc>; assumedMasterState?: WithDeleted<Doc> } {
  if (!row.newDocumentState._deleted) return row;
  return { ...row, newDocumentState: { ...row.newDocumentState, _deleted: false } };
}

/**
 * Where a pull starts: the checkpoint, or the earlier sequence a rewind asks for (every row at it and after),
 * under the checkpoint's scope version so that the server does not take it for a change of scope.
 */
export function rewoundFrom(
  checkpoint: SyncCheckpoint | undefined,
  rewind: number | null,
): SyncCheckpoint | undefined {
  if (rewind === null || !checkpoint || checkpoint.updatedAt < rewind) return checkpoint;
  return {
    updatedAt: rewind,
    id: '',
    ...(checkpoint.scope !== undefined ? { scope: checkpoint.scope } : {}),
  };
}

/**
 * Of the pending entries left when the replication went idle, those with nothing to send: the row as stored
 * (`stored`) holds what RxDB records as the server's state of it (`server`), because it was pushed or was
 * written back to that state. A row stored with anything else is a write the replication has not seen yet.
 * An entry whose row was never stored belongs to a failed write once it is older than a minute.
 */
export function writesWithNothingToSend<Doc extends LocalDoc, Entry extends { docId: string; at: number }>(
  stale: readonly Entry[],
  stored: ReadonlyMap<string, WithDeleted<Doc>>,
  server: ReadonlyMap<string, WithDeleted<Doc>>,
  now: number,
): Entry[] {
  return stale.filter((entry) => {
    const row = stored.get(entry.docId);
    if (!row) return entry.at < now - UNWRITTEN_ENTRY_MS;
    const known = server.get(entry.docId);
    return known !== undefined && sameContent(row, known);
  });
}

/**
 * The pending entries a push settles: those of rows it sent as they are stored. RxDB retries a failed push
 * with the rows it first took, so a push after a network failure may carry a state the user has written over
 * since (a draft later registered offline); that write still waits for the push of the row as it is now.
 */
export function writesPushedAsStored<Doc extends LocalDoc, Entry>(
  pushed: readonly { newDocumentState: WithDeleted<Doc> }[],
  stored: readonly WithDeleted<Doc>[],
  entries: ReadonlyMap<string, Entry>,
): Entry[] {
  const now = new Map(stored.map((row) => [row.id, toWire(row)]));
  return pushed.flatMap(({ newDocumentState }) => {
    const entry = entries.get(newDocumentState.id);
    const row = now.get(newDocumentState.id);
    return entry && row && sameContent(toWire(newDocumentState), row) ? [entry] : [];
  });
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
  const backoff =
    options.backoff ??
    createBackoff(options.retryMs?.min ?? MIN_RETRY_MS, options.retryMs?.max ?? MAX_RETRY_MS);
  const pullResponseSchema = syncPullResponseSchema(options.docSchema);
  const pushResponseSchema = syncPushResponseSchema(options.docSchema);
  const sentRowsSchema = z.array(
    z.object({ newDocumentState: options.docSchema, assumedMasterState: options.docSchema.nullable() }),
  );

  // Whether the last pull and push calls succeeded; only then does going idle mean everything was sent.
  let healthy = true;

  async function failed(error: unknown): Promise<never> {
    healthy = false;
    if (error instanceof SignInRequiredError) options.onSignInRequired(error.accountClosed);
    if (error instanceof UpdateRequiredError) options.onUpdateRequired();
    // A server shedding load (503) names its wait; the rows stay queued and go again once it is over.
    await backoff.wait(error instanceof HttpError ? error.retryAfterMs : undefined);
    throw error;
  }

  type WireRow = { newDocumentState: WithDeleted<Doc>; assumedMasterState: WithDeleted<Doc> | null };
  type PushAnswer = z.infer<typeof pushResponseSchema>;
  /** A row as this device's earlier push sent it, and as the server stored it then. */
  type OwnWrite = { sent: WithDeleted<Doc>; written: WithDeleted<Doc> };

  /** One push request under its idempotency key: a replay of a key gets the answer the server stored. */
  async function post(key: string, rows: readonly WireRow[], offline: boolean): Promise<PushAnswer> {
    return pushResponseSchema.parse(
      await syncRequest(options.request, `/api/sync/${options.name}/push`, {
        method: 'POST',
        body: { rows },
        offline,
        idempotencyKey: key,
      }),
    );
  }

  /**
   * The server's state of each of `ids` after this device's latest recorded push that took it. A request
   * whose answer never came (the worker died, the answer was lost) is replayed first with its own key: the
   * server answers from its store what it did the first time, or, if the request never arrived, runs it now.
   */
  async function ownWrites(ids: ReadonlySet<string>): Promise<Map<string, OwnWrite>> {
    const latest = new Map<string, OwnWrite>();
    for (const push of await sentPushes(options.database, options.name)) {
      const rows = sentRowsSchema.safeParse(push.rows);
      if (!rows.success) {
        await forgetSentPush(options.database, options.name, push.key);
        continue;
      }
      if (!rows.data.some((row) => ids.has(row.newDocumentState.id))) continue;
      let answer = pushResponseSchema.safeParse(push.answer).data;
      if (!answer) {
        try {
          answer = await post(push.key, rows.data, push.offline);
        } catch (error) {
          // Refused for good (the key taken by another request after it expired, the rows no longer
          // allowed): nothing more to learn from it. Still running on the server (409): asked again later.
          if (
            error instanceof HttpError &&
            error.status >= 400 &&
            error.status < 500 &&
            error.status !== 409
          ) {
            await forgetSentPush(options.database, options.name, push.key);
            continue;
          }
          throw error;
        }
        await answerSentPush(options.database, options.name, push, answer);
      }
      for (const doc of answer.written) {
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
   * Forgets the recorded requests whose answers RxDB has stored: every row they took holds, locally, that
   * sequence or a later one (RxDB writes a row's local copy and its base together). A row written again
   * before the answer was stored still has the older sequence, so its request stays until that write is
   * pushed: the change event of a write made in another tab can reach this worker after it went idle.
   * Requests older than the server keeps their keys go in any case.
   */
  async function forgetSettledPushes(now: number) {
    for (const push of await sentPushes(options.database, options.name)) {
      const answer = pushResponseSchema.safeParse(push.answer).data;
      let settled = push.at < now - SENT_PUSH_LIFETIME_MS;
      if (answer && !settled) {
        const local = await options.collection.findByIds(answer.written.map((doc) => doc.id)).exec();
        settled = answer.written.every(
          (doc) => (local.get(doc.id)?.updatedAt ?? Number.POSITIVE_INFINITY) >= doc.updatedAt,
        );
      }
      if (settled) await forgetSentPush(options.database, options.name, push.key);
    }
  }

  /**
   * Pushes rows in one request. A row whose base is older than what this device's own earlier push made of
   * it (that push's answer was never handled: lost, or the worker restarted) is based on that push instead,
   * so the server compares it with the user's own last write, not with a stale base. The request is
   * recorded before it leaves (see `recordSentPush`). Returns RxDB's conflicts: the rows not taken as sent,
   * and the rows taken with a new sequence (so the local copy takes the sequence).
   */
  async function pushGroup(
    rows: { newDocumentState: WithDeleted<Doc>; assumedMasterState?: WithDeleted<Doc> }[],
    offline: boolean,
  ) {
    if (rows.length === 0) return [];
    const wire: WireRow[] = rows.map((row) => ({
      newDocumentState: toWire(row.newDocumentState),
      assumedMasterState: row.assumedMasterState ? toWire(row.assumedMasterState) : null,
    }));
    const own = await ownWrites(new Set(wire.map((row) => row.newDocumentState.id)));
    // Even a row that only repeats what the earlier push wrote is sent: the server answers it with its
    // current state, which may have moved on since (a pull may have passed that change while the row
    // waited here, and would not bring it again).
    const send = wire.map((row) => {
      const mine = own.get(row.newDocumentState.id);
      const base = row.assumedMasterState;
      if (!mine || (base && base.updatedAt >= mine.written.updatedAt)) return row;
      // The base is what this device saw: the server's state when it holds just what was sent; when the
      // server merged in somebody else's change, what was sent, under the older sequence, so the server
      // merges field by field and keeps that change instead of taking it as seen and overwritten.
      const seen = sameContent(mine.written, mine.sent)
        ? mine.written
        : { ...mine.sent, updatedAt: base?.updatedAt ?? 0 };
      return { ...row, assumedMasterState: seen };
    });
    const taken: WithDeleted<Doc>[] = [];

    const push = { key: requestKey(), offline, at: Date.now(), rows: send };
    await recordSentPush(options.database, options.name, push);
    const answer = await post(push.key, send, offline);
    await answerSentPush(options.database, options.name, push, answer);
    const sent = new Map(send.map((row) => [row.newDocumentState.id, row.newDocumentState]));
    for (const doc of answer.written) {
      // A row taken with a new sequence goes back to RxDB as the master state, so the local copy takes the
      // sequence even when a pull passed the row while this push was in flight.
      if (sent.get(doc.id)?.updatedAt !== doc.updatedAt) taken.push(doc);
    }
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
    return [...answer.conflicts.map((conflict) => conflict.document), ...taken];
  }

  /**
   * The rows of `ids` stored on the device and RxDB's record of the server's state of each, in wire form;
   * a row never stored, or never recorded, is missing from its map. Records are read only for stored rows:
   * on a first sync a page's rows are mostly new.
   */
  async function storedAndRecorded(ids: readonly string[]) {
    const internal = state.internalReplicationState;
    if (!internal) return null;
    const stored = await options.collection.storageInstance.findDocumentsById([...ids], true);
    const recorded =
      stored.length > 0
        ? await getAssumedMasterState(
            internal,
            stored.map((row) => row.id),
          )
        : {};
    return {
      internal,
      stored: new Map(stored.map((row) => [row.id, toWire<Doc>(row)])),
      recorded: new Map(Object.entries(recorded).map(([id, record]) => [id, toWire<Doc>(record.docData)])),
    };
  }

  /**
   * Completes RxDB's record of rows a pull stored but never recorded (a worker that died in between: the
   * rule of `isUnrecordedPull`) before a page that brings them again is applied. RxDB 17 stores a row new to the
   * device without the mark that says a pull wrote it (its storage wrapper replaces `_meta` on inserts), so
   * it takes such a row for a local write: it never applies a later server state to it, and its push side,
   * which saw the pull's write, never sends it either. The device would keep the stale row for good (an
   * admin's rename did not arrive in 1 of 4 e2e runs with pages of 1,000). The stored row is the server's
   * state at its sequence, so it is recorded as such and the page applies over it. Rows with a write of
   * the user's waiting, or never on the server (sequence 0), are left to the push. The same look at the
   * stored rows notes those the page passes while they hold a local write (`notePassedLocalWrites`).
   * Returns how many of the page's rows the device already holds, or null for a collection it did not read
   * (one the user never pushes), so the first pull's count reads them once.
   */
  async function checkStoredRowsOf(page: readonly WithDeleted<Doc>[]): Promise<number | null> {
    if (page.length === 0) return 0;
    if (!options.push) return null;
    const rows = await storedAndRecorded(page.map((doc) => doc.id));
    if (!rows) return null;
    if (rows.stored.size === 0) return 0;
    const waiting = await pendingEntries(options.database, options.name, [...rows.stored.keys()]);
    const unrecorded = [...rows.stored.values()].filter((row) =>
      isUnrecordedPull(row, rows.recorded.get(row.id), waiting),
    );
    if (unrecorded.length > 0) {
      const records = await Promise.all(unrecorded.map((row) => getMetaWriteRow(rows.internal, row)));
      await rows.internal.input.metaInstance.bulkWrite(records, 'school-record-unrecorded-pull');
    }
    notePassedLocalWrites(
      page,
      rows.stored,
      rows.recorded,
      waiting,
      new Set(unrecorded.map((row) => row.id)),
    );
    return rows.stored.size;
  }

  // Rows a pull brought a newer state of while they held a local write, by id, with that state's sequence.
  const passedLocalWrites = new Map<string, number>();

  /**
   * Notes the rows of a page that RxDB will leave as they are because they hold a local write: RxDB's
   * downstream skips such a row and moves its checkpoint on, counting on the push to bring the server's
   * state back. A push answered before the pull came back brings an older state than the one skipped
   * (RxDB writes a refusal's state into the row only after its own queue gets to it), and the device would
   * keep it for good: the next pull starts past the newer one. `rereadPassedRows` makes sure.
   */
  function notePassedLocalWrites(
    page: readonly WithDeleted<Doc>[],
    stored: ReadonlyMap<string, WithDeleted<Doc>>,
    recorded: ReadonlyMap<string, WithDeleted<Doc>>,
    waiting: ReadonlyMap<string, unknown>,
    unrecorded: ReadonlySet<string>,
  ) {
    for (const doc of page) {
      const row = stored.get(doc.id);
      const record = recorded.get(doc.id);
      if (!row || unrecorded.has(doc.id) || doc.updatedAt <= row.updatedAt) continue;
      const localWrite = waiting.has(doc.id) || !record || !sameContent(row, record);
      if (localWrite)
        passedLocalWrites.set(doc.id, Math.max(doc.updatedAt, passedLocalWrites.get(doc.id) ?? 0));
    }
  }

  /**
   * Before a pull: of the rows a pull passed while they held a local write, those that now hold no waiting
   * write yet are stored older than the state passed make this pull start again from the oldest of them.
   * Rows with a write still waiting stay noted: the push's answer is the server's state at that time, no
   * older than the one passed, but RxDB may store it only after another pull.
   */
  async function rereadPassedRows() {
    if (passedLocalWrites.size === 0) return;
    const ids = [...passedLocalWrites.keys()];
    const stored = await options.collection.storageInstance.findDocumentsById(ids, true);
    const waiting = await pendingEntries(options.database, options.name, ids);
    const byId = new Map(stored.map((row) => [row.id, row]));
    let from: number | null = null;
    for (const [id, passed] of passedLocalWrites) {
      if (waiting.has(id)) continue;
      passedLocalWrites.delete(id);
      const updatedAt = byId.get(id)?.updatedAt;
      if (updatedAt !== undefined && updatedAt < passed) from = Math.min(from ?? updatedAt, updatedAt);
    }
    if (from !== null) await rewindPull(options.database, options.name, from);
  }

  // The first pull while it runs: rows brought in this run, of how many (null until the server said), and
  // whether its last page came (recorded once RxDB has stored that page).
  const firstPull = options.firstPull?.done === false ? options.firstPull : null;
  const firstPullState = { pulled: 0, total: null as number | null, lastPageCame: false, recorded: false };

  /** One page of the collection's pull as the server answers `query`. */
  async function fetchPullPage(query: URLSearchParams) {
    const path = `/api/sync/${options.name}/pull?${query}`;
    return pullResponseSchema.parse(await syncRequest(options.request, path, { method: 'GET' }));
  }

  /**
   * Counts a page of the first pull and tells how far it has got. Only rows new to the device count: a pull
   * resumed after a reload starts from the last checkpoint RxDB stored, which may lie before rows the cut run
   * had already stored.
   */
  async function noteFirstPullPage(
    page: { documents: readonly WithDeleted<Doc>[]; remaining?: number },
    batchSize: number,
    alreadyStored: number | null,
  ) {
    if (!firstPull || firstPullState.lastPageCame) return;
    const ids = page.documents.map((doc) => doc.id);
    const stored =
      alreadyStored ?? (await options.collection.storageInstance.findDocumentsById(ids, true)).length;
    firstPullState.pulled += ids.length - stored;
    if (page.remaining !== undefined) firstPullState.total = firstPullState.pulled + page.remaining;
    else if (firstPullState.total !== null)
      firstPullState.total = Math.max(firstPullState.total, firstPullState.pulled);
    // RxDB asks for the next page only after a full one: a short page is the end of the first pull.
    if (page.documents.length < batchSize) {
      firstPullState.lastPageCame = true;
      firstPullState.total = firstPullState.pulled;
      void pageStored()
        .then(endFirstPull)
        .catch(() => undefined);
    }
    firstPull.onProgress({ pulled: firstPullState.pulled, total: firstPullState.total, done: false });
  }

  /**
   * Resolves once the page being handed to RxDB is stored: its downstream is busy from before it asks for a
   * page until every page it got is written. Only the downstream counts: the upstream's first run (a push
   * of the admin's master data looks at every row the pull wrote) took seconds more on a busy worker, and
   * the overlay waits on the master data's first pull.
   */
  async function pageStored(): Promise<void> {
    const internal = state.internalReplicationState;
    if (!internal) return;
    await firstValueFrom(internal.events.active.down.pipe(filter((active) => !active)), {
      defaultValue: false,
    });
  }

  /**
   * Resolves once the rows of a page handed to RxDB are stored and recorded, each at its pulled state or a
   * later one (a row holding a write of the user's counts: RxDB leaves it to the push), or once the downstream is idle,
   * whichever comes first. A screen waiting for a subject's rows should not wait for the downstream to be
   * idle: it may go straight on to the pull of changes, a long page on a busy server.
   */
  async function pageRowsStored(page: readonly WithDeleted<Doc>[]): Promise<void> {
    let idle = false;
    const stopped = pageStored().finally(() => {
      idle = true;
    });
    while (!idle && !(await rowsStored(page))) {
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 50))]);
    }
  }

  async function rowsStored(page: readonly WithDeleted<Doc>[]): Promise<boolean> {
    if (page.length === 0) return true;
    const rows = await storedAndRecorded(page.map((doc) => doc.id));
    if (!rows) return false;
    // Stored, and in a collection the user pushes, recorded as the server's state: a row RxDB has stored but
    // not yet recorded is not settled, and a write of the user's made in between would be taken for the
    // pull's. RxDB keeps no such records for a collection without a push.
    const settled = (doc: WithDeleted<Doc>) =>
      holdsState(rows.stored.get(doc.id), doc) &&
      (!options.push || holdsState(rows.recorded.get(doc.id), doc));
    const behind = page.filter((doc) => !settled(doc));
    if (behind.length === 0) return true;
    const waiting = await pendingEntries(
      options.database,
      options.name,
      behind.map((doc) => doc.id),
    );
    return behind.every((doc) => waiting.has(doc.id));
  }

  /** Records the first pull as done once its last page is stored. */
  async function endFirstPull() {
    if (!firstPull || !firstPullState.lastPageCame || firstPullState.recorded) return;
    firstPullState.recorded = true;
    await markFirstPullDone(options.database, options.name);
    if (aheadPull) await clearAhead(options.database, options.name);
    firstPull.onProgress({ pulled: firstPullState.pulled, total: firstPullState.total, done: true });
  }

  // The ids a re-pull after a change of the user's scope has brought so far; null while none runs.
  let seen: Set<string> | null = null;
  let sweepChecked = false;

  /**
   * Deletions, as pulled documents, of the local rows a completed re-pull did not bring. They go through
   * RxDB's pull, so they are never pushed; rows with a write still waiting are kept (RxDB also never lets
   * a pull overwrite a row with an unpushed local write): the push settles them.
   */
  async function leftScope(kept: ReadonlySet<string>): Promise<WithDeleted<Doc>[]> {
    const local = await options.collection.find().exec();
    const gone = local.filter((doc) => !kept.has(doc.primary));
    if (gone.length === 0) return [];
    const waiting = await pendingEntries(
      options.database,
      options.name,
      gone.map((doc) => doc.primary),
    );
    return gone
      .filter((doc) => !waiting.has(doc.primary))
      .map((doc) => ({ ...toWire(doc.toMutableJSON(true) as WithDeleted<Doc>), _deleted: true }));
  }

  /**
   * The push side hands RxDB server states of rows: unrecorded rows as they are stored, and the push's
   * answer (refusals, and rows taken with a new sequence). A pull
   * may already have passed a later state of such a row while RxDB took the row for a local write (RxDB
   * leaves those to the push and moves its checkpoint on); recorded now, the older state would stand for
   * good. So when the pull's checkpoint lies past any of them, the next pull starts again from the earliest
   * (stored, so a restart keeps it), and brings whatever changed since.
   */
  async function rereadPassedStates(states: readonly WithDeleted<Doc>[]) {
    const internal = state.internalReplicationState;
    if (states.length === 0 || !internal) return;
    const checkpoint = await getLastCheckpointDoc<Doc, SyncCheckpoint>(internal, 'down');
    if (!checkpoint) return;
    const passed = states.filter(
      (doc) =>
        doc.updatedAt < checkpoint.updatedAt ||
        (doc.updatedAt === checkpoint.updatedAt && doc.id <= checkpoint.id),
    );
    if (passed.length === 0) return;
    await rewindPull(options.database, options.name, Math.min(...passed.map((doc) => doc.updatedAt)));
    setTimeout(() => state.reSync(), 0);
  }

  /** Pulls again when a row a pull passed while it held a local write has no write waiting any more. */
  async function reSyncForPassedRows() {
    if (passedLocalWrites.size === 0) return;
    const waiting = await pendingEntries(options.database, options.name, [...passedLocalWrites.keys()]);
    if (waiting.size < passedLocalWrites.size) state.reSync();
  }

  // The subject whose rows are being brought in, the position its pull has reached and its last page that
  // held rows; in memory only, so a restart brings the subject again from its start (its rows are few, and
  // bringing one twice is harmless).
  let filling: {
    subjectId: string;
    checkpoint: SyncCheckpoint | null;
    lastRows: readonly WithDeleted<Doc>[];
  } | null = null;
  // The rows of subjects let go of that were handed to RxDB as deletions, by subject, until RxDB stored them.
  const dropping = new Map<string, Set<string>>();
  // Subjects whose last page came and is being stored: not asked for again meanwhile, and recorded as all here
  // once it is, unless let go of meanwhile.
  const completing = new Set<string>();

  /**
   * The page a collection kept subject by subject needs before its pull of changes, or null when none: the
   * rows of a subject no longer kept, as deletions (so they are never pushed; rows with a write waiting stay
   * until it is pushed), else the next page of a kept subject whose rows are not all here yet. The pull of
   * changes names every kept subject, so a subject's rows come through that pull from the moment it is kept,
   * and through its own pull up to the present: between them none is missed. A short page asks for another
   * pull, which goes on with the next subject or the changes.
   */
  async function subjectPage(kept: readonly string[], batchSize: number): Promise<WithDeleted<Doc>[] | null> {
    const stored = (await heldSubjects(options.database, options.name)) ?? (await heldBefore());
    // A subject not kept is no longer kept in step: it counts as all here no more, whatever its rows.
    const subjects = { held: stored.held, filled: stored.filled.filter((id) => kept.includes(id)) };
    let deletions: WithDeleted<Doc>[] = [];
    // A subject let go of mid-pull starts over if kept again: its rows are being dropped meanwhile.
    if (filling && !kept.includes(filling.subjectId)) filling = null;
    for (const subjectId of stored.held.filter((id) => !kept.includes(id))) {
      completing.delete(subjectId);
      const rows = await options.collection.find({ selector: { subjectId } as never }).exec();
      // Deletions handed over and not stored yet are not handed over again: RxDB asks for the next page
      // before it stores the last, and the same rows each time would keep it asking for good.
      const handedOver = dropping.get(subjectId) ?? new Set<string>();
      const present = new Set(rows.map((row) => row.primary));
      for (const id of handedOver) if (!present.has(id)) handedOver.delete(id);
      if (rows.length === 0) {
        dropping.delete(subjectId);
        subjects.held = subjects.held.filter((id) => id !== subjectId);
        continue;
      }
      if (deletions.length > 0) continue;
      const waiting = await pendingEntries(
        options.database,
        options.name,
        rows.map((row) => row.primary),
      );
      const gone = rows.filter((row) => !waiting.has(row.primary) && !handedOver.has(row.primary));
      for (const row of gone) handedOver.add(row.primary);
      dropping.set(subjectId, handedOver);
      deletions = gone.map((row) => ({
        ...toWire(row.toMutableJSON(true) as WithDeleted<Doc>),
        _deleted: true,
      }));
    }
    if (subjects.held.length !== stored.held.length || subjects.filled.length !== stored.filled.length) {
      await storeHeldSubjects(options.database, options.name, subjects);
    }
    if (deletions.length > 0) {
      // Once stored, a row still present was left by RxDB (it took it for a local write): handed over again
      // on the next pull. The subject leaves `held` on a later pull, once none of its rows is left.
      void pageStored()
        .then(() => dropping.clear())
        .finally(() => state.reSync())
        .catch(() => undefined);
      return deletions;
    }
    const subjectId = kept.find((id) => !subjects.filled.includes(id) && !completing.has(id));
    if (subjectId === undefined) return null;
    if (!subjects.held.includes(subjectId)) {
      await storeHeldSubjects(options.database, options.name, {
        held: [...subjects.held, subjectId],
        filled: subjects.filled,
      });
    }
    const going = filling?.subjectId === subjectId ? filling : null;
    const from = going?.checkpoint ?? null;
    const query = new URLSearchParams({ limit: String(batchSize), subjects: subjectId });
    if (from) query.set('checkpoint', JSON.stringify(from));
    const page = await fetchPullPage(query);
    await checkStoredRowsOf(page.documents);
    const lastRows = page.documents.length > 0 ? page.documents : (going?.lastRows ?? []);
    filling = { subjectId, checkpoint: page.checkpoint ?? from, lastRows };
    if (page.documents.length < batchSize) {
      filling = null;
      completing.add(subjectId);
      // RxDB stores pages in order: once the last one with rows is stored, all are.
      void pageRowsStored(lastRows)
        .then(async () => {
          // Unless the subject was let go of meanwhile (its rows then being dropped).
          if (completing.delete(subjectId)) await markSubjectFilled(subjectId);
        })
        .finally(() => state.reSync())
        .catch(() => undefined);
    }
    return page.documents;
  }

  /**
   * Where the subjects stand on a device that kept the whole collection before it kept it by subject (a
   * build that replicated the admin's whole school): every subject it holds rows of, none counted as all
   * here, so those not kept are dropped and a kept one is brought up to date before it shows.
   */
  async function heldBefore(): Promise<HeldSubjects> {
    const rows = await options.collection.find().exec();
    const held = [...new Set(rows.map((row) => String(row.get('subjectId'))))];
    const subjects = { held, filled: [] };
    await storeHeldSubjects(options.database, options.name, subjects);
    return subjects;
  }

  /** Records a subject's rows as all here, once the last page of its pull is stored. */
  async function markSubjectFilled(subjectId: string) {
    const subjects = await heldSubjects(options.database, options.name);
    if (!subjects?.held.includes(subjectId) || subjects.filled.includes(subjectId)) return;
    await storeHeldSubjects(options.database, options.name, {
      held: subjects.held,
      filled: [...subjects.filled, subjectId],
    });
  }

  const aheadPull =
    options.ahead &&
    createAheadPull<Doc>({
      ...options.ahead,
      database: options.database,
      name: options.name,
      fetchPage: async (narrow, from, batchSize) => {
        const query = new URLSearchParams({ limit: String(batchSize), ...narrow });
        if (from) query.set('checkpoint', JSON.stringify(from));
        const page = await fetchPullPage(query);
        await checkStoredRowsOf(page.documents);
        return page;
      },
      pageStored: pageRowsStored,
      reSync: () => state.reSync(),
    });

  const state = replicateRxCollection<Doc, SyncCheckpoint>({
    replicationIdentifier: `${options.name}-sync:${options.request.baseUrl}`,
    collection: options.collection,
    live: true,
    retryTime: 1,
    waitForLeadership: options.waitForLeadership ?? true,
    pull: {
      batchSize: batchSizeOf(options),
      handler: async (checkpoint, batchSize) => {
        await options.pullAfter;
        try {
          // A re-pull that a restart interrupted starts over: the ids it had seen were only in memory.
          if (!sweepChecked) {
            sweepChecked = true;
            if (await scopeSweepPending(options.database, options.name)) seen = new Set();
          }
          await rereadPassedRows();
          // Before the pull of changes: a page of rows wanted ahead of the first pull, or of a subject kept;
          // while rows a screen waits for hold the first pull back, this looks again each moment.
          let kept = null as readonly string[] | null;
          const aside = async () => {
            kept = options.bySubject ? await options.bySubject.kept() : null;
            if (aheadPull && firstPull && !firstPullState.lastPageCame) return aheadPull.page(batchSize);
            return kept ? subjectPage(kept, batchSize) : null;
          };
          // Whether the gate let this page of the first pull go: it then says when the page has come.
          let letGo = false;
          const yields = async () => {
            if (!firstPull || firstPullState.lastPageCame || !options.firstPullYields) return false;
            const held = await options.firstPullYields();
            letGo = !held;
            return held;
          };
          for (let documents = await aside(); ; documents = await aside()) {
            if (documents) {
              backoff.reset();
              healthy = true;
              await options.onPulled();
              // Such a page leaves the pull of changes where it was. RxDB stores no checkpoint for an empty
              // page, so that pull may have none yet: the start, which the server reads as none.
              return { documents, checkpoint: checkpoint ?? { updatedAt: 0, id: '' } };
            }
            if (!(await yields())) break;
          }
          const rewind = await pullRewind(options.database, options.name);
          const from = seen?.size === 0 ? undefined : rewoundFrom(checkpoint, rewind);
          const query = new URLSearchParams({ limit: String(batchSize) });
          if (from) query.set('checkpoint', JSON.stringify(from));
          if (kept) query.set('subjects', kept.join(','));
          if (firstPull && firstPullState.total === null && !firstPullState.lastPageCame) {
            query.set('count', '1');
            // A first pull resumed after a reload counts on from the rows an earlier run stored.
            if (from && firstPullState.pulled === 0)
              firstPullState.pulled = await options.collection.count().exec();
          }
          let page: z.infer<typeof pullResponseSchema>;
          try {
            page = await fetchPullPage(query);
          } finally {
            if (letGo) options.firstPullFetched?.();
          }
          // The server started over because the user's scope changed: the re-pull brings every row still in
          // scope, so whatever the device holds and the re-pull leaves out has left the scope.
          const scope = page.checkpoint?.scope;
          if (from?.scope !== undefined && scope !== undefined && scope !== from.scope) {
            await startScopeSweep(options.database, options.name);
            seen = new Set();
          }
          const alreadyStored = await checkStoredRowsOf(page.documents);
          let documents = page.documents;
          if (seen) {
            for (const doc of documents) seen.add(doc.id);
            if (documents.length < batchSize) {
              documents = [...documents, ...(await leftScope(seen))];
              seen = null;
              await endScopeSweep(options.database, options.name);
            }
          }
          if (rewind !== null) await endPullRewind(options.database, options.name, rewind);
          backoff.reset();
          healthy = true;
          await options.onPulled();
          await noteFirstPullPage(page, batchSize, alreadyStored);
          return { documents, checkpoint: page.checkpoint ?? from };
        } catch (error) {
          return failed(error);
        }
      },
    },
    push: options.push
      ? {
          batchSize: 100,
          handler: async (queued) => {
            try {
              const ids = queued.map((row) => row.newDocumentState.id);
              const entries = await pendingEntries(options.database, options.name, ids);
              const stored = await options.collection.storageInstance.findDocumentsById(ids, true);
              // A row stored from the server but never recorded (see `isUnrecordedPull`) holds no change of
              // the user's: it is not sent, and RxDB records it as the server's state, which it is at its
              // sequence (see `rereadPassedStates` for what may have changed since).
              const unrecorded = queued.filter((row) =>
                isUnrecordedPull(row.newDocumentState, row.assumedMasterState, entries),
              );
              // Likewise a row dropped with its subject whose record RxDB lost (see `isUnrecordedDrop`).
              const dropped = options.bySubject
                ? queued.filter((row) => isUnrecordedDrop(row.newDocumentState, entries))
                : [];
              const rows = queued
                .filter((row) => !unrecorded.includes(row) && !dropped.includes(row))
                .map((row) => (options.bySubject ? revived(row) : row));
              // A write's outbox entry is stored before the write, but a tab on an older build may still
              // store it after: a row pushed while this worker's socket is down was written offline as well.
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
              await rereadPassedStates([...unrecorded.map((row) => row.newDocumentState), ...conflicts]);
              await settlePending(options.database, writesPushedAsStored(queued, stored, entries));
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

  /**
   * Settles, once the replication has gone idle, the writes that have nothing left to send although no push
   * settled them: a write that put a row back as the server has it is never pushed. An entry is settled only
   * when the row, as stored now, equals RxDB's record of the server's state of it. Going idle alone proves
   * nothing: a write made in another tab reaches this worker a moment after it was stored, and a pull that
   * ends in between (one in flight when the network went) leaves the replication idle with that write not
   * yet seen; settled then, it would show as saved while it waits, and lose its offline origin.
   */
  async function settleIdleWrites(now: number) {
    const stale = await pendingWrittenBefore(options.database, options.name, now);
    if (stale.length === 0) return;
    // Nothing of a pull-only collection is ever sent.
    if (!options.push) {
      await settlePending(options.database, stale);
      return;
    }
    const rows = await storedAndRecorded(stale.map((entry) => entry.docId));
    if (!rows) return;
    const settled = writesWithNothingToSend(stale, rows.stored, rows.recorded, now);
    await settlePending(options.database, settled);
  }

  // Only a change from busy to idle means the queue was worked through: the first `false` comes before the
  // replication has even started, and settling then would hide writes queued while the app was closed.
  let wasActive = false;
  const idle = state.active$.subscribe((active) => {
    const finished = wasActive && !active;
    wasActive = active;
    if (!finished || !healthy) return;
    void reSyncForPassedRows().catch(() => undefined);
    const now = Date.now();
    void settleIdleWrites(now).catch(() => undefined);
    void forgetSettledPushes(now).catch(() => undefined);
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
