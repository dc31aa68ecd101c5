import type { RxCollection, WithDeleted } from 'rxdb';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import type { z } from 'zod';
import type { SyncCheckpoint } from '../../../domain/sync';
import type { SchoolDatabase } from '../../db/open-database';
import type { FirstPullProgress } from '../../db/sync-state';
import type { AheadPullDeps } from '../ahead-pull';
import type { Backoff } from '../backoff';
import type { SyncRequestContext } from '../sync-request';
import type { PushPause } from './push-pause';

// What every step of a collection's replication shares (ARCHITECTURE §3): its options, and RxDB's
// replication once it is made. The steps, each in its own module of this folder: pull (`pull.ts`, with
// `subject-pull.ts` and `scope-sweep.ts`), store (`store.ts`), checkpoint (`checkpoint.ts`), push
// (`push.ts`), conflict (`conflict.ts`), retry (`retry.ts`), progress (`progress.ts`), and the settling of
// writes with nothing left to send (`settle.ts`); `../replicate-collection.ts` puts them together.

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
  /** How long the push waits for a burst of local writes to end (`PUSH_PAUSE` unless given). */
  pushPause?: PushPause;
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
   * A page of the pull asked for before the replication was made (`fetchFirstPageAhead`): the first page the pull
   * fetches is this answer instead when it asks for the same path, else the answer is dropped.
   */
  pageAhead?: PageAhead;
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

/** A pull page asked for ahead of its replication: the path it asked (query included) and the server's answer. */
export type PageAhead = { path: string; answer: Promise<unknown> };

/** A running replication of one collection. */
export type CollectionReplication<Doc extends LocalDoc> = {
  state: RxReplicationState<Doc, SyncCheckpoint>;
  /** Pulls now, cutting short any retry wait (socket notice, reconnect, network back). */
  reSync(): void;
  cancel(): Promise<void>;
};

/** RxDB's replication of a collection, and the state of its two streams once it has started. */
export type ReplicationState<Doc extends LocalDoc> = RxReplicationState<Doc, SyncCheckpoint>;
export type InternalReplication<Doc extends LocalDoc> = NonNullable<
  ReplicationState<Doc>['internalReplicationState']
>;

/** One collection's replication as its steps see it. */
export type ReplicationCore<Doc extends LocalDoc> = {
  readonly options: CollectionReplicationOptions<Doc>;
  /** RxDB's replication, set as soon as it is made (after the steps whose handlers it calls). */
  state?: ReplicationState<Doc>;
};

/** RxDB's state of both streams, once the replication has started. */
export function internalOf<Doc extends LocalDoc>(
  core: ReplicationCore<Doc>,
): InternalReplication<Doc> | undefined {
  return core.state?.internalReplicationState;
}

/** Asks RxDB for another pull. */
export function reSyncOf<Doc extends LocalDoc>(core: ReplicationCore<Doc>): void {
  core.state?.reSync();
}

const LOCAL_ONLY_FIELDS = new Set(['_meta', '_rev', '_attachments']);

/** A document as the server takes it: RxDB's bookkeeping fields left out. */
export function toWire<Doc extends LocalDoc>(doc: WithDeleted<Doc>): WithDeleted<Doc> {
  return Object.fromEntries(
    Object.entries(doc).filter(([key]) => !LOCAL_ONLY_FIELDS.has(key)),
  ) as WithDeleted<Doc>;
}
