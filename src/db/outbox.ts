import type { RxCollection } from 'rxdb';
import { map, type Observable } from 'rxjs';
import { z } from 'zod';
import { liveCount$ } from './each-document-once';
import type { SchoolDatabase } from './open-database';
import { type OutboxDocType, OutboxKind } from './outbox-schema';
import { REPLICATED_COLLECTIONS, type ReplicatedCollectionName } from './replicated-collections';

/** A replicated document seen without its collection's type: an id, the server sequence, other fields. */
export type AnyReplicatedDoc = Record<string, unknown> & { id: string; updatedAt: number };

/** A replicated collection seen without its document type, for code that handles every collection alike. */
export type AnyReplicatedCollection = RxCollection<AnyReplicatedDoc>;

/** The collection of `name`, widened so generic sync code can read and write its rows. */
export function replicatedCollection(
  database: SchoolDatabase,
  name: ReplicatedCollectionName,
): AnyReplicatedCollection {
  // Every replicated document has a string id; the rest is the collection's own business.
  return database.collections[name] as unknown as AnyReplicatedCollection;
}

function pendingId(collection: string, docId: string): string {
  return `pending:${collection}:${docId}`;
}

/** Records a local write of a row as waiting for the server; an offline write keeps the row marked offline. */
export async function markPending(
  database: SchoolDatabase,
  collection: string,
  docId: string,
  offline: boolean,
  at: number,
): Promise<void> {
  const id = pendingId(collection, docId);
  const existing = await database.outbox.findOne(id).exec();
  if (existing) {
    await existing.incrementalPatch({
      offline: existing.offline || offline,
      at: Math.max(at, existing.at + 1),
    });
    return;
  }
  await database.outbox
    .insert({
      id,
      kind: OutboxKind.pending,
      collectionName: collection,
      docId,
      offline,
      at,
      reason: null,
      fields: [],
      local: null,
    })
    .catch(async () => {
      // Another tab inserted the same entry first: mark it instead.
      const raced = await database.outbox.findOne(id).exec();
      await raced?.incrementalPatch({ offline: raced.offline || offline, at: Math.max(at, raced.at + 1) });
    });
}

/**
 * Marks every local write of the replicated collections in the outbox. The hooks run only for writes made
 * through the collection's API in this instance (a screen's command), never for rows a pull stored. They run
 * before the write and are awaited: the worker pushes a row soon after it sees it stored (once the writes
 * pause, `src/sync/replication/push-pause.ts`; a pause is no promise of order), and an entry stored after
 * that push and its settling would stay "waiting" with nothing left to send.
 */
export function trackLocalWrites(database: SchoolDatabase, isOffline: () => boolean): void {
  for (const name of REPLICATED_COLLECTIONS) {
    // A database opened with only some collections (tests) tracks those.
    if (!(name in database.collections)) continue;
    const collection = replicatedCollection(database, name);
    const mark = (data: { id: string }) => markPending(database, name, data.id, isOffline(), Date.now());
    collection.preInsert((data) => mark(data), false);
    collection.preSave((data) => mark(data), false);
    collection.preRemove((data) => mark(data), false);
  }
}

/** The pending entries of some rows of a collection, by row id. */
export async function pendingEntries(
  database: SchoolDatabase,
  collection: string,
  docIds: readonly string[],
): Promise<Map<string, OutboxDocType>> {
  const found = await database.outbox.findByIds(docIds.map((docId) => pendingId(collection, docId))).exec();
  const entries = new Map<string, OutboxDocType>();
  for (const document of found.values()) entries.set(document.docId, document.toMutableJSON());
  return entries;
}

/** Clears the entries a push settled, unless the row was written again while the push ran. */
export async function settlePending(
  database: SchoolDatabase,
  entries: readonly OutboxDocType[],
): Promise<void> {
  if (entries.length === 0) return;
  const current = await database.outbox.findByIds(entries.map((entry) => entry.id)).exec();
  const settled = entries.filter((entry) => current.get(entry.id)?.at === entry.at).map((entry) => entry.id);
  if (settled.length > 0) await database.outbox.bulkRemove(settled);
}

/** Whether any write of the user's to a collection is waiting to be pushed. */
export async function hasPendingWrites(database: SchoolDatabase, collection: string): Promise<boolean> {
  const entry = await database.outbox
    .findOne({ selector: { kind: OutboxKind.pending, collectionName: collection } })
    .exec();
  return entry !== null;
}

/**
 * The pending entries of a collection last written before `time`: the candidates the replication checks
 * when it has gone idle (see `settleIdleWrites`).
 */
export async function pendingWrittenBefore(
  database: SchoolDatabase,
  collection: string,
  time: number,
): Promise<OutboxDocType[]> {
  const stale = await database.outbox
    .find({ selector: { kind: OutboxKind.pending, collectionName: collection, at: { $lt: time } } })
    .exec();
  return stale.map((entry) => entry.toMutableJSON());
}

/** A push request this device sent: its idempotency key, rows and, once received, the server's answer. */
export type SentPush = {
  key: string;
  offline: boolean;
  at: number;
  rows: unknown[];
  answer: unknown;
};

const sentBodySchema = z.object({ rows: z.array(z.unknown()), answer: z.unknown() });

function sentId(collection: string, key: string): string {
  return `sent:${collection}:${key}`;
}

/**
 * Records a push request before it leaves: should the worker die before the answer is handled, the next
 * one finds the request here and replays it with the same key (the server answers a replay from its store).
 */
export async function recordSentPush(
  database: SchoolDatabase,
  collection: string,
  push: { key: string; offline: boolean; at: number; rows: unknown[] },
): Promise<void> {
  await database.outbox.insert({
    id: sentId(collection, push.key),
    kind: OutboxKind.sent,
    collectionName: collection,
    docId: push.key,
    offline: push.offline,
    at: push.at,
    reason: null,
    fields: [],
    local: JSON.stringify({ rows: push.rows, answer: null }),
  });
}

/** Stores the server's answer to a recorded push request. */
export async function answerSentPush(
  database: SchoolDatabase,
  collection: string,
  push: { key: string; rows: unknown[] },
  answer: unknown,
): Promise<void> {
  await database.outbox
    .findOne(sentId(collection, push.key))
    .incrementalPatch({ local: JSON.stringify({ rows: push.rows, answer }) });
}

/** The recorded push requests of a collection, oldest first; unreadable entries are dropped. */
export async function sentPushes(database: SchoolDatabase, collection: string): Promise<SentPush[]> {
  const found = await database.outbox
    .find({ selector: { kind: OutboxKind.sent, collectionName: collection } })
    .exec();
  const pushes: SentPush[] = [];
  for (const entry of found) {
    const body = sentBodySchema.safeParse(JSON.parse(entry.local ?? 'null'));
    if (!body.success) {
      await entry.remove();
      continue;
    }
    pushes.push({ key: entry.docId, offline: entry.offline, at: entry.at, ...body.data });
  }
  return pushes.sort((a, b) => a.at - b.at);
}

/** Forgets one recorded push request (its key can no longer be replayed). */
export async function forgetSentPush(
  database: SchoolDatabase,
  collection: string,
  key: string,
): Promise<void> {
  await database.outbox.findOne(sentId(collection, key)).remove();
}

/** Lists a refused or overridden local write among the sync issues. */
export async function recordIssue(
  database: SchoolDatabase,
  issue: { collection: string; docId: string; reason: string; fields: string[]; local: unknown; at: number },
): Promise<void> {
  await database.outbox.upsert({
    id: `issue:${issue.collection}:${issue.docId}`,
    kind: OutboxKind.issue,
    collectionName: issue.collection,
    docId: issue.docId,
    offline: false,
    at: issue.at,
    reason: issue.reason,
    fields: issue.fields,
    local: JSON.stringify(issue.local),
  });
}

/** The number of rows waiting to be pushed, live (counted once each, `liveCount$`). */
export function pendingCount$(database: SchoolDatabase): Observable<number> {
  return liveCount$(database.outbox, { selector: { kind: OutboxKind.pending } });
}

/** What a grid cell shows of its row's own writes: waiting to sync, or refused (a sync issue). */
export type WriteState = 'waiting' | 'refused';

/**
 * The rows of a collection with writes of this device not yet settled, and their state, live. Only pending
 * writes and issues count: the recorded push requests (`sent`) change on every push and name no row.
 */
export function writeStates$(
  database: SchoolDatabase,
  collection: ReplicatedCollectionName,
): Observable<Map<string, WriteState>> {
  return database.outbox
    .find({
      selector: { collectionName: collection, kind: { $in: [OutboxKind.pending, OutboxKind.issue] } },
    })
    .$.pipe(
      map((entries) => {
        const states = new Map<string, WriteState>();
        for (const entry of entries) {
          if (entry.kind === OutboxKind.issue) states.set(entry.docId, 'refused');
          else if (!states.has(entry.docId)) states.set(entry.docId, 'waiting');
        }
        return states;
      }),
    );
}

/** The sync issues, newest first, live. */
export function syncIssues$(database: SchoolDatabase): Observable<OutboxDocType[]> {
  return database.outbox
    .find({ selector: { kind: OutboxKind.issue } })
    .$.pipe(
      map((documents) => documents.map((document) => document.toMutableJSON()).sort((a, b) => b.at - a.at)),
    );
}

/** Forgets a sync issue: the server's state stays. */
export async function discardIssue(database: SchoolDatabase, issueId: string): Promise<void> {
  await database.outbox.findOne(issueId).remove();
}

const storedRowSchema = z.record(z.string(), z.unknown());
const SERVER_FIELDS = new Set(['id', 'updatedAt', '_deleted', '_meta', '_rev', '_attachments']);

/**
 * Writes a sync issue's local values again over the current row, as a new local write: it is pushed on the
 * current server state, so it applies unless somebody changes the row again first.
 */
export async function reapplyIssue(database: SchoolDatabase, issueId: string): Promise<void> {
  const issue = await database.outbox.findOne(issueId).exec();
  if (!issue?.local) return;
  const name = REPLICATED_COLLECTIONS.find((candidate) => candidate === issue.collectionName);
  const parsed = storedRowSchema.safeParse(JSON.parse(issue.local));
  if (!name || !parsed.success) {
    await issue.remove();
    return;
  }
  const local = parsed.data;
  const keys =
    issue.fields.length > 0 ? issue.fields : Object.keys(local).filter((key) => !SERVER_FIELDS.has(key));
  const values = Object.fromEntries(keys.map((key) => [key, local[key]]));
  const collection = replicatedCollection(database, name);
  const current = await collection.findOne(issue.docId).exec();
  if (current) await current.incrementalPatch(values);
  else await collection.insert({ ...values, id: issue.docId, updatedAt: 0 });
  await issue.remove();
}
