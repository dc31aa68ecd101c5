import { filter, firstValueFrom } from 'rxjs';
import type { AccountRole } from '../../domain/roles';
import { openDatabase, type SchoolDatabase } from '../../src/db/open-database';
import { pendingCount$, replicatedCollection, syncIssues$, trackLocalWrites } from '../../src/db/outbox';
import { REPLICATED_COLLECTIONS, type ReplicatedCollectionName } from '../../src/db/replicated-collections';
import { type SyncClient, startSyncClient } from '../../src/sync/sync-client';
import { pollUntil, within } from '../bounded';

// The sync bench page: the app's own database code and sync worker, driven by bench/sync-figures.ts through
// `window.syncBench`. It runs on the real server's origin, so the worker's calls carry the session cookie.

type Counts = Partial<Record<ReplicatedCollectionName, number>>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The longest any one wait of the bench page may take (a first sync of a whole scope included). */
const WAIT_MS = 5 * 60_000;

/** Resolves when the outbox count passes `test`, or fails naming `what` after `WAIT_MS`. */
function untilPending(db: SchoolDatabase, what: string, test: (pending: number) => boolean): Promise<number> {
  return within(what, WAIT_MS, firstValueFrom(pendingCount$(db).pipe(filter(test))));
}

let database: SchoolDatabase | null = null;
let client: SyncClient | null = null;
let user: { userId: string; role: AccountRole } | null = null;

let syncing = false;
let lastActivity = 0;

function watchActivity(started: SyncClient): SyncClient {
  started.on('activity', (event) => {
    syncing = event.syncing;
    lastActivity = performance.now();
  });
  return started;
}

/**
 * Waits until no write waits and the worker has been idle for `quietMs`: the outbox count alone can reach
 * zero between two push cycles.
 */
async function settled(db: SchoolDatabase, quietMs = 1500): Promise<void> {
  await pollUntil(
    `an empty outbox and ${quietMs} ms without sync activity`,
    WAIT_MS,
    async () => {
      await untilPending(db, 'an empty outbox', (pending) => pending === 0);
      return !syncing && performance.now() - lastActivity >= quietMs ? true : undefined;
    },
    { everyMs: 100 },
  );
}

function opened(): SchoolDatabase {
  if (!database) throw new Error('call initialSync first');
  return database;
}

async function localCounts(db: SchoolDatabase, names: readonly ReplicatedCollectionName[]): Promise<Counts> {
  const counts: Counts = {};
  for (const name of names) counts[name] = await replicatedCollection(db, name).count().exec();
  return counts;
}

/** Index definitions of a collection's RxDB schema, so the raw store carries the same indexes. */
function indexesOf(db: SchoolDatabase, name: ReplicatedCollectionName): string[][] {
  const indexes = replicatedCollection(db, name).schema.jsonSchema.indexes ?? [];
  return indexes.map((index) => (typeof index === 'string' ? [index] : [...index]));
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The signed-in user the bench synced as (`initialSync` first). */
function signedIn() {
  if (!user) throw new Error('call initialSync first');
  return user;
}

/**
 * With every earlier write pushed, stops the worker and edits the comment of the first `count` attendance
 * rows while nothing pushes; answers the edited rows.
 */
async function queueEdits(db: SchoolDatabase, count: number, comment: (index: number) => string) {
  if (!client) throw new Error('call initialSync first');
  await settled(db);
  client.terminate();
  await sleep(1000);
  const docs = await db.attendance.find({ limit: count, sort: [{ id: 'asc' }] }).exec();
  for (const [index, doc] of docs.entries()) await doc.incrementalPatch({ comment: comment(index) });
  return docs;
}

/** Starts the worker and times until the outbox holds no waiting write; answers the sync issues too. */
async function timeUntilPushed(db: SchoolDatabase) {
  const started = performance.now();
  client = watchActivity(startSyncClient(signedIn().userId, signedIn().role));
  await untilPending(db, 'the queued writes to be pushed', (pending) => pending === 0);
  const ms = performance.now() - started;
  const issues = (await within('the sync issues', 10_000, firstValueFrom(syncIssues$(db)))).map(
    (issue) => issue.reason ?? '',
  );
  return { ms, issues };
}

const syncBench = {
  /**
   * Opens the user's database in the window (as the app's shell does) and starts the sync worker on an
   * empty store; resolves when every collection holds the expected number of documents.
   */
  async initialSync(args: { userId: string; role: AccountRole; expected: Counts }) {
    user = { userId: args.userId, role: args.role };
    database = await openDatabase(args.userId);
    trackLocalWrites(database, () => false);
    const names = REPLICATED_COLLECTIONS.filter((name) => args.expected[name] !== undefined);
    const started = performance.now();
    client = watchActivity(startSyncClient(args.userId, args.role));
    let counts: Counts = {};
    await pollUntil(
      `the first sync of ${JSON.stringify(args.expected)}`,
      WAIT_MS,
      async () => {
        counts = await localCounts(opened(), names);
        return names.every((name) => (counts[name] ?? 0) >= (args.expected[name] ?? 0)) ? true : undefined;
      },
      { everyMs: 100, describe: () => JSON.stringify(counts) },
    );
    return { ms: performance.now() - started, counts };
  },

  /** Resolves once the local `master` row `id` exists (pulled by the sync `initialSync` started). */
  async untilMasterRow(id: string) {
    await pollUntil(
      `the master row ${id} on the device`,
      WAIT_MS,
      async () => (database && (await database.master.findOne(id).exec()) ? true : undefined),
      { everyMs: 20 },
    );
  },

  /** Resolves once the local `master` row `id` carries `name`: a change made on the server, pulled live. */
  async untilMasterName(id: string, name: string) {
    await within(
      `the master row ${id} to be renamed on the device`,
      WAIT_MS,
      firstValueFrom(
        opened()
          .master.findOne(id)
          .$.pipe(filter((doc) => doc?.name === name)),
      ),
    );
  },

  /**
   * Writes the same documents with plain IndexedDB into a fresh database with the same indexes: one
   * transaction, one `put` per document. The floor any local store pays for these rows in this browser.
   */
  async rawBulkPut() {
    const db = opened();
    const docs = new Map<ReplicatedCollectionName, unknown[]>();
    for (const name of REPLICATED_COLLECTIONS) {
      const found = await replicatedCollection(db, name).find().exec();
      docs.set(
        name,
        found.map((doc) => doc.toMutableJSON()),
      );
    }
    await request(indexedDB.deleteDatabase('bench-raw'));
    const started = performance.now();
    const openRequest = indexedDB.open('bench-raw', 1);
    openRequest.onupgradeneeded = () => {
      for (const name of REPLICATED_COLLECTIONS) {
        const store = openRequest.result.createObjectStore(name, { keyPath: 'id' });
        for (const fields of indexesOf(db, name)) {
          store.createIndex(fields.join('+'), fields.length === 1 ? (fields[0] ?? 'id') : fields);
        }
      }
    };
    const raw = await request(openRequest);
    const tx = raw.transaction(REPLICATED_COLLECTIONS, 'readwrite', { durability: 'default' });
    let documents = 0;
    for (const [name, rows] of docs) {
      const store = tx.objectStore(name);
      for (const row of rows) store.put(row);
      documents += rows.length;
    }
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    const ms = performance.now() - started;
    raw.close();
    await request(indexedDB.deleteDatabase('bench-raw'));
    return { ms, documents };
  },

  /**
   * Edits attendance comments one at a time, as a screen's command does, and times each write until the
   * live query of that schedule's sheet (which the screen holds) emits the new value. Each time is split in
   * its parts (docs/first-sync.md, "Local write to live query"): reading the row, storing the write (the
   * outbox entry the write hook stores first, then the row) and the query's emission after the write resolved.
   */
  async liveQueryLatency(runs: number) {
    const db = opened();
    const first = await db.attendance.findOne({ selector: {} }).exec();
    if (!first) throw new Error('no attendance to edit');
    const query = db.attendance.find({ selector: { scheduleId: first.scheduleId } });
    let waiting: { id: string; comment: string; done: () => void } | null = null;
    let rows: { id: string; comment: string | null }[] = [];
    let emittedAt: number | null = null;
    const subscription = query.$.subscribe((docs) => {
      rows = docs.map((doc) => ({ id: doc.id, comment: doc.comment }));
      const want = waiting;
      if (want && rows.some((row) => row.id === want.id && row.comment === want.comment)) {
        emittedAt = performance.now();
        want.done();
      }
    });
    await sleep(200);
    const times: number[] = [];
    const parts = {
      read: [] as number[],
      mark: [] as number[],
      row: [] as number[],
      emitted: [] as number[],
    };
    // When the outbox entry of the write in hand was stored: the write hook (trackLocalWrites) stores it
    // before the row itself.
    let markedAt: number | null = null;
    const outboxChanges = db.outbox.$.subscribe((change) => {
      const want = waiting;
      if (want && markedAt === null && change.documentId === `pending:attendance:${want.id}`)
        markedAt = performance.now();
    });
    try {
      for (let run = 0; run < runs; run++) {
        const target = rows[run % rows.length];
        if (!target) throw new Error('the sheet is empty');
        const comment = `bench live ${run} ${Date.now()}`;
        markedAt = null;
        emittedAt = null;
        const updated = new Promise<void>((resolve) => {
          waiting = { id: target.id, comment, done: resolve };
        });
        const started = performance.now();
        const doc = await db.attendance.findOne(target.id).exec();
        const read = performance.now();
        await doc?.incrementalPatch({ comment });
        const stored = performance.now();
        await within(`the sheet's live query to show write ${run}`, 10_000, updated);
        const shown = performance.now();
        times.push(shown - started);
        const mark = markedAt ?? read;
        parts.read.push(read - started);
        parts.mark.push(mark - read);
        parts.row.push(stored - mark);
        // The query emits from the row's change event: before `incrementalPatch` resolves, or after it.
        parts.emitted.push(Math.max(0, (emittedAt ?? shown) - stored));
        waiting = null;
      }
    } finally {
      subscription.unsubscribe();
      outboxChanges.unsubscribe();
    }
    return { times, parts, sheetRows: rows.length };
  },

  /**
   * Stops the worker, makes `count` attendance edits while nothing pushes (they wait in the outbox), then
   * starts the worker again and times until the outbox holds no waiting write.
   */
  async pushQueued(count: number, marker: string) {
    const db = opened();
    const docs = await queueEdits(db, count, (index) => `${marker} ${index}`);
    const queued = await untilPending(
      db,
      `${docs.length} writes in the outbox`,
      (pending) => pending >= docs.length,
    );
    return { ...(await timeUntilPushed(db)), queued, ids: docs.map((doc) => doc.id) };
  },

  /**
   * Queues `count` attendance edits with the worker stopped, starts it and terminates it again as soon as
   * its first push was answered (later pushes in flight), edits the same rows again while no worker runs,
   * then starts the worker once more and times until the outbox holds no waiting write: a push cut by a
   * restart, as when a page reloads or the browser kills the worker.
   */
  async pushRestarted(count: number, marker: string) {
    const db = opened();
    const docs = await queueEdits(db, count, (index) => `${marker} a ${index}`);
    await untilPending(db, `${docs.length} writes in the outbox`, (pending) => pending >= docs.length);
    client = watchActivity(startSyncClient(signedIn().userId, signedIn().role));
    await untilPending(db, 'the first push to be answered', (pending) => pending < docs.length);
    client.terminate();
    await sleep(1000);
    for (const [index, doc] of docs.entries()) {
      const current = await db.attendance.findOne(doc.id).exec();
      await current?.incrementalPatch({ comment: `${marker} b ${index}` });
    }
    return timeUntilPushed(db);
  },

  /**
   * With every earlier write pushed, stops the sync worker, so that what the window's writes cost without a
   * worker beside them can be timed (the floor of `liveQueryLatency` on this machine).
   */
  async stopWorker() {
    await settled(opened());
    client?.terminate();
    client = null;
    await sleep(1000);
  },

  async stop() {
    client?.terminate();
    client = null;
    await sleep(500);
    await database?.close();
    database = null;
  },
};

export type SyncBench = typeof syncBench;

Object.assign(window, { syncBench });
document.title = 'sync bench ready';
