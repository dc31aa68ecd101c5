import { getAssumedMasterState, getLastCheckpointDoc, type RxConflictHandler, setCheckpoint } from 'rxdb';
import { afterEach, describe, expect, it } from 'vitest';
import { type SyncCheckpoint, syncCheckpointSchema } from '../../domain/sync';
import type { MasterDoc } from '../../domain/sync-docs';
import { masterDocSchema } from '../../domain/sync-docs';
import { openTestDatabase } from '../db/database-test-helper';
import type { MasterDocType } from '../db/master-schema';
import type { SchoolDatabase } from '../db/open-database';
import { markPending, pendingCount$, pendingEntries } from '../db/outbox';
import { markMasterSynced, masterSyncedAt$, parseSyncedAt, rewindPull } from '../db/sync-state';
import type { Backoff } from './backoff';
import { type FetchLike, HttpError, retryAfterMs } from './http';
import {
  type CollectionReplication,
  type CollectionReplicationOptions,
  replicateCollection,
} from './replicate-collection';
import { NetworkDownError, SignInRequiredError, syncRequest } from './sync-request';

const BASE_URL = 'http://school.test';

function masterDoc(overrides: Partial<MasterDoc> & Pick<MasterDoc, 'id' | 'name' | 'updatedAt'>): MasterDoc {
  return {
    kind: 'rooms',
    universityId: null,
    facultyId: null,
    subjectNameId: null,
    color: null,
    startDate: null,
    endDate: null,
    _deleted: false,
    ...overrides,
  };
}

/** A fake pull endpoint over a list of rows, answering pages in (updatedAt, id) order like the server. */
function fakeServer(initial: MasterDoc[]) {
  let rows = [...initial];
  const requests: string[] = [];
  const fetchImpl: FetchLike = async (input) => {
    const url = new URL(input);
    requests.push(url.search);
    const raw = url.searchParams.get('checkpoint');
    const checkpoint = raw ? syncCheckpointSchema.parse(JSON.parse(raw)) : null;
    const limit = Number(url.searchParams.get('limit'));
    const page = rows
      .filter(
        (row) =>
          !checkpoint ||
          row.updatedAt > checkpoint.updatedAt ||
          (row.updatedAt === checkpoint.updatedAt && row.id > checkpoint.id),
      )
      .sort((a, b) => a.updatedAt - b.updatedAt || a.id.localeCompare(b.id))
      .slice(0, limit);
    const last = page.at(-1);
    const body = { documents: page, checkpoint: last ? { updatedAt: last.updatedAt, id: last.id } : null };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return {
    fetchImpl,
    requests,
    write(row: MasterDoc) {
      rows = [...rows.filter((existing) => existing.id !== row.id), row];
    },
  };
}

let database: SchoolDatabase | undefined;
let replication: CollectionReplication<MasterDocType> | undefined;

async function openUserDatabase(): Promise<SchoolDatabase> {
  database = await openTestDatabase('user');
  return database;
}

afterEach(async () => {
  await replication?.cancel();
  replication = undefined;
  await database?.remove();
  database = undefined;
});

/** The master replication of a test database against `fetchImpl`; options change the defaults. */
function replicateMaster(
  db: SchoolDatabase,
  fetchImpl: FetchLike,
  options: Partial<
    Pick<CollectionReplicationOptions<MasterDoc>, 'push' | 'batchSize' | 'onPulled' | 'retryMs' | 'backoff'>
  > = {},
) {
  return replicateCollection({
    name: 'master',
    database: db,
    collection: db.master,
    docSchema: masterDocSchema,
    push: false,
    request: { fetchImpl, baseUrl: BASE_URL, clientBuild: 'test', csrfToken: { current: 'token' } },
    waitForLeadership: false,
    onSignInRequired: () => {},
    onUpdateRequired: () => {},
    onPulled: async () => {},
    ...options,
  });
}

describe('master replication', () => {
  it('pulls every page into the local database, then applies later edits and deletes', async () => {
    const server = fakeServer(
      Array.from({ length: 5 }, (_, index) =>
        masterDoc({ id: `room-${index}`, name: `Room ${index}`, updatedAt: index + 1 }),
      ),
    );
    const db = await openUserDatabase();
    replication = replicateMaster(db, server.fetchImpl, {
      batchSize: 2,
      onPulled: () => markMasterSynced(db, 42),
    });

    await replication.state.awaitInitialReplication();
    const firstRows = await db.master.find({ sort: [{ id: 'asc' }] }).exec();
    expect(firstRows.map((row) => row.id)).toEqual(['room-0', 'room-1', 'room-2', 'room-3', 'room-4']);
    // Five rows in pages of two: three pages, each after the previous checkpoint.
    expect(server.requests.length).toBeGreaterThanOrEqual(3);

    server.write(masterDoc({ id: 'room-1', name: 'Room 1', updatedAt: 6, _deleted: true }));
    server.write(masterDoc({ id: 'room-3', name: 'Lab 3', updatedAt: 7 }));
    replication.reSync();
    await replication.state.awaitInSync();

    const rows = await db.master.find({ sort: [{ id: 'asc' }] }).exec();
    expect(rows.map((row) => [row.id, row.name])).toEqual([
      ['room-0', 'Room 0'],
      ['room-2', 'Room 2'],
      ['room-3', 'Lab 3'],
      ['room-4', 'Room 4'],
    ]);

    const syncState = await new Promise<unknown>((resolve) => {
      const subscription = masterSyncedAt$(db).subscribe((document) => {
        if (!document) return;
        resolve(document.toJSON().data);
        queueMicrotask(() => subscription.unsubscribe());
      });
    });
    expect(parseSyncedAt(syncState)).toBe(42);
  });
});

describe('writes waiting', () => {
  it('keeps a write queued before the replication started waiting until its push is answered', async () => {
    const db = await openUserDatabase();
    const room = masterDoc({ id: 'room-q', name: 'Queued room', updatedAt: 0 });
    const { _deleted, ...stored } = room;
    await db.master.insert(stored);
    await markPending(db, 'master', room.id, true, Date.now() - 1000);
    let answerPush: () => void = () => {};
    const pushAnswered = new Promise<void>((resolve) => {
      answerPush = resolve;
    });
    let pushes = 0;
    const fetchImpl: FetchLike = async (_input, init) => {
      if (init?.method !== 'POST') {
        return new Response(JSON.stringify({ documents: [], checkpoint: null }), { status: 200 });
      }
      pushes += 1;
      await pushAnswered;
      const written = [{ ...room, updatedAt: 9 }];
      return new Response(JSON.stringify({ conflicts: [], written }), { status: 200 });
    };
    const counts: number[] = [];
    const counting = pendingCount$(db).subscribe((count) => counts.push(count));
    replication = replicateMaster(db, fetchImpl, { push: true });
    await expect.poll(() => pushes).toBe(1);
    // The replication has started and pulled, but the push is unanswered: the write still waits.
    expect(counts.at(-1)).toBe(1);
    answerPush();
    await replication.state.awaitInSync();
    await expect.poll(() => counts.at(-1)).toBe(0);
    counting.unsubscribe();
  });
});

describe('a push RxDB retries after a network failure', () => {
  it('settles nothing the user wrote over while it failed: the write waits for the push of the row as it is now', async () => {
    const db = await openUserDatabase();
    const room = masterDoc({ id: 'room-d', name: 'Draft name', updatedAt: 0 });
    const { _deleted, ...stored } = room;
    await markPending(db, 'master', room.id, true, Date.now() - 1000);
    await db.master.insert(stored);
    let failFirst: () => void = () => {};
    const firstFails = new Promise<void>((resolve) => {
      failFirst = resolve;
    });
    // Each push request: the name it sent, and how many writes were still waiting when it arrived.
    const pushes: { name: string; waiting: number }[] = [];
    const fetchImpl: FetchLike = async (_input, init) => {
      if (init?.method !== 'POST') {
        return new Response(JSON.stringify({ documents: [], checkpoint: null }), { status: 200 });
      }
      const body = JSON.parse(String(init.body)) as { rows: { newDocumentState: MasterDoc }[] };
      const sent = body.rows.map((row) => row.newDocumentState);
      const waiting = (await pendingEntries(db, 'master', [room.id])).size;
      pushes.push(...sent.map((doc) => ({ name: doc.name, waiting })));
      if (pushes.length === 1) {
        await firstFails;
        throw new TypeError('Failed to fetch');
      }
      const written = sent.map((doc, index) => ({ ...doc, updatedAt: 10 + pushes.length + index }));
      return new Response(JSON.stringify({ conflicts: [], written }), { status: 200 });
    };
    replication = replicateMaster(db, fetchImpl, { push: true, retryMs: { min: 1, max: 5 } });
    await expect.poll(() => pushes.length).toBe(1);

    // While the first push fails, the user writes the row again; RxDB retries with the draft it first took.
    await markPending(db, 'master', room.id, true, Date.now());
    await db.master.findOne(room.id).incrementalPatch({ name: 'Registered name' });
    failFirst();
    await expect.poll(() => pushes.some((push) => push.name === 'Registered name')).toBe(true);
    await replication.state.awaitInSync();

    expect(pushes.filter((push) => push.name === 'Registered name')).toEqual([
      { name: 'Registered name', waiting: 1 },
    ]);
    await expect.poll(async () => (await pendingEntries(db, 'master', [room.id])).size).toBe(0);
  });
});

describe('a push the server refuses while it sheds load (503 with Retry-After)', () => {
  it('keeps the rows queued, waits at least what the server asked before sending them again, and every row lands', async () => {
    const db = await openUserDatabase();
    const rooms = ['room-s1', 'room-s2', 'room-s3'].map((id) => masterDoc({ id, name: id, updatedAt: 0 }));
    for (const room of rooms) {
      const { _deleted, ...stored } = room;
      await markPending(db, 'master', room.id, true, Date.now() - 1000);
      await db.master.insert(stored);
    }
    const ids = rooms.map((room) => room.id);
    // Each push: the ids it sent, and how many of the writes were still waiting when it arrived.
    const pushes: { ids: string[]; waiting: number }[] = [];
    const serverRows = new Map<string, MasterDoc>();
    const fetchImpl: FetchLike = async (_input, init) => {
      if (init?.method !== 'POST') {
        return new Response(JSON.stringify({ documents: [], checkpoint: null }), { status: 200 });
      }
      const body = JSON.parse(String(init.body)) as { rows: { newDocumentState: MasterDoc }[] };
      const sent = body.rows.map((row) => row.newDocumentState);
      pushes.push({
        ids: sent.map((doc) => doc.id),
        waiting: (await pendingEntries(db, 'master', ids)).size,
      });
      if (pushes.length === 1) {
        return new Response(JSON.stringify({ message: 'Service Unavailable', code: 'server_busy' }), {
          status: 503,
          headers: { 'retry-after': '7' },
        });
      }
      const written = sent.map((doc, index) => ({ ...doc, updatedAt: 20 + index }));
      for (const doc of written) serverRows.set(doc.id, doc);
      return new Response(JSON.stringify({ conflicts: [], written }), { status: 200 });
    };
    // The waits the replication asks of its backoff, answered at once so the test need not sleep.
    const waits: (number | undefined)[] = [];
    const backoff: Backoff = {
      wait: async (atLeastMs) => {
        waits.push(atLeastMs);
      },
      wake: () => {},
      reset: () => {},
      nextDelayMs: 0,
    };
    replication = replicateMaster(db, fetchImpl, { push: true, backoff });
    await expect.poll(() => pushes.length).toBeGreaterThanOrEqual(2);
    await replication.state.awaitInSync();

    expect(waits).toContain(7000);
    expect(pushes[0]).toEqual({ ids: expect.arrayContaining(ids), waiting: 3 });
    // The refused rows were still queued when they went again, and all of them reached the server.
    expect(pushes[1]?.waiting).toBe(3);
    expect([...serverRows.keys()].sort()).toEqual([...ids].sort());
    await expect.poll(async () => (await pendingEntries(db, 'master', ids)).size).toBe(0);
  });

  it('reads Retry-After as seconds or as a date, and none as no wait of its own', () => {
    const now = Date.parse('2026-04-01T09:00:00Z');
    expect(retryAfterMs('5', now)).toBe(5000);
    expect(retryAfterMs('Wed, 01 Apr 2026 09:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(new HttpError(503, undefined, 5000).retryAfterMs).toBe(5000);
  });
});

/**
 * Removes RxDB's record of the server state `id` was pulled at, as a worker that died between storing a
 * pulled row and recording it leaves it; returns the replication's internal state.
 */
async function forgetRecord(running: CollectionReplication<MasterDocType>, id: string) {
  const internal = running.state.internalReplicationState;
  if (!internal) throw new Error('the replication has no state');
  const record = (await getAssumedMasterState(internal, [id]))[id]?.metaDocument;
  if (!record) throw new Error(`${id} was never recorded`);
  const removed = { ...record, _deleted: true, _rev: '99-test', _meta: { lwt: Date.now() - 1 } };
  await internal.input.metaInstance.bulkWrite([{ previous: record, document: removed }], 'test');
  await internal.input.metaInstance.cleanup(0);
  return internal;
}

describe('rows a pull stored but never recorded', () => {
  it('take the server’s later state when a pull brings it (RxDB took them for local writes for good)', async () => {
    const server = fakeServer([
      masterDoc({ id: 'room-1', name: 'Room 1', updatedAt: 1 }),
      masterDoc({ id: 'room-2', name: 'Room 2', updatedAt: 2 }),
    ]);
    const fetchImpl: FetchLike = async (input, init) =>
      init?.method === 'POST'
        ? new Response(JSON.stringify({ conflicts: [], written: [] }), { status: 200 })
        : server.fetchImpl(input, init);
    const db = await openUserDatabase();
    const before = replicateMaster(db, fetchImpl, { push: true });
    await before.state.awaitInSync();

    // The worker died after RxDB stored room-1 and before it recorded the server state it was pulled at.
    const internal = await forgetRecord(before, 'room-1');
    expect(await getAssumedMasterState(internal, ['room-1'])).toEqual({});
    await before.cancel();

    server.write(masterDoc({ id: 'room-1', name: 'Lab 1', updatedAt: 3 }));
    replication = replicateMaster(db, fetchImpl, { push: true });
    await replication.state.awaitInSync();
    await expect.poll(async () => (await db.master.findOne('room-1').exec())?.name).toBe('Lab 1');
  });
});

describe('rows a pull stored but never recorded, passed by a later pull', () => {
  it('are never pushed, and the next pull starts again from their sequence and brings the later state', async () => {
    const server = fakeServer([
      masterDoc({ id: 'room-1', name: 'Room 1', updatedAt: 1 }),
      masterDoc({ id: 'room-2', name: 'Room 2', updatedAt: 2 }),
    ]);
    const pushes: string[] = [];
    const fetchImpl: FetchLike = async (input, init) => {
      if (init?.method !== 'POST') return server.fetchImpl(input, init);
      pushes.push(String(init.body));
      return new Response(JSON.stringify({ conflicts: [], written: [] }), { status: 200 });
    };
    const db = await openUserDatabase();
    const first = replicateMaster(db, fetchImpl, { push: true });
    await first.state.awaitInSync();
    const internal = await forgetRecord(first, 'room-1');
    // Meanwhile the server changed room-1, and a pull passed that change while the row looked like a local
    // write (RxDB leaves such a row to the push and stores its checkpoint past it).
    server.write(masterDoc({ id: 'room-1', name: 'Lab 1', updatedAt: 3 }));
    server.write(masterDoc({ id: 'room-3', name: 'Room 3', updatedAt: 4 }));
    await setCheckpoint(internal, 'down', { updatedAt: 4, id: 'room-3' });
    await first.cancel();
    // RxDB writes the row again itself, as when it stores the server's answer to a push, and the worker dies
    // before the record: the push side sees a row it holds no record of.
    await (await db.master.findOne('room-1').exec())?.incrementalPatch({ name: 'Room 1' });
    expect((await db.master.findOne('room-1').exec())?.name).toBe('Room 1');

    replication = replicateMaster(db, fetchImpl, { push: true });
    await replication.state.awaitInSync();
    await expect.poll(async () => (await db.master.findOne('room-1').exec())?.name).toBe('Lab 1');
    expect(pushes).toEqual([]);
  });
});

describe('a pulled state older than the row holds', () => {
  it('is never stored over it (a page fetched before a push was answered, stored after it)', async () => {
    const server = fakeServer([masterDoc({ id: 'room-a', name: 'New name', updatedAt: 10 })]);
    const db = await openUserDatabase();
    replication = replicateMaster(db, server.fetchImpl);
    await replication.state.awaitInSync();
    expect((await db.master.findOne('room-a').exec())?.name).toBe('New name');

    // The server answers the next pull with the row as it was at sequence 5, as a page fetched before the
    // row changed and stored after the change arrived would.
    server.write(masterDoc({ id: 'room-a', name: 'Old name', updatedAt: 5 }));
    await rewindPull(db, 'master', 0);
    const before = server.requests.length;
    replication.reSync();
    await expect.poll(() => server.requests.length).toBeGreaterThan(before);
    await replication.state.awaitInSync();

    const row = await db.master.findOne('room-a').exec();
    expect([row?.name, row?.updatedAt]).toEqual(['New name', 10]);
  });
});

describe('a row a pull passed while it held a local write', () => {
  it('takes the state the pull passed once the push’s older answer is stored', async () => {
    const server = fakeServer([masterDoc({ id: 'room-b', name: 'A', updatedAt: 10 })]);
    const gate = () => {
      let open: () => void = () => {};
      const opened = new Promise<void>((resolve) => {
        open = resolve;
      });
      return { open, opened };
    };
    let pullGate: Promise<void> = Promise.resolve();
    let pushes = 0;
    const fetchImpl: FetchLike = async (input, init) => {
      if (init?.method !== 'POST') {
        const page = await server.fetchImpl(input, init);
        await pullGate;
        return page;
      }
      pushes += 1;
      // The server's state when the push arrived: somebody else had renamed the room to C.
      const document = masterDoc({ id: 'room-b', name: 'C', updatedAt: 20 });
      return new Response(
        JSON.stringify({
          conflicts: [{ document, reason: 'field_conflict', fields: ['name'] }],
          written: [],
        }),
        { status: 200 },
      );
    };
    const db = await openUserDatabase();
    // RxDB stores a refusal's state in the row once its conflict handler has answered: held here, as a busy
    // device's queue would hold it, until a pull that was in flight has come back.
    const resolveGate = gate();
    const handler: RxConflictHandler<MasterDocType> = db.master.conflictHandler;
    db.master.conflictHandler = {
      isEqual: handler.isEqual,
      resolve: async (input, context) => {
        await resolveGate.opened;
        return handler.resolve(input, context);
      },
    };
    replication = replicateMaster(db, fetchImpl, { push: true });
    await replication.state.awaitInSync();
    const internal = replication.state.internalReplicationState;
    if (!internal) throw new Error('the replication has no state');

    // A pull leaves while the room is A; the server is at D (sequence 30) when it answers.
    server.write(masterDoc({ id: 'room-b', name: 'D', updatedAt: 30 }));
    const pullGateOpen = gate();
    pullGate = pullGateOpen.opened;
    const before = server.requests.length;
    replication.reSync();
    await expect.poll(() => server.requests.length).toBeGreaterThan(before);
    // Meanwhile the user renames the room to B; its push is refused with C.
    await (await db.master.findOne('room-b').exec())?.incrementalPatch({ name: 'B' });
    await expect.poll(() => pushes).toBe(1);
    // The pull comes back before RxDB stored C: the row holds B, so RxDB leaves it and moves past D.
    pullGateOpen.open();
    await expect
      .poll(
        async () => (await getLastCheckpointDoc<MasterDocType, SyncCheckpoint>(internal, 'down'))?.updatedAt,
      )
      .toBe(30);
    resolveGate.open();

    await expect.poll(async () => (await db.master.findOne('room-b').exec())?.name).toBe('D');
    expect((await db.master.findOne('room-b').exec())?.updatedAt).toBe(30);
  });
});

describe('writes settled when the replication goes idle', () => {
  it('are the ones that left the row as the server has it, and the failed ones, never a write still to send', async () => {
    const server = fakeServer([masterDoc({ id: 'room-1', name: 'Room 1', updatedAt: 1 })]);
    let pushes = 0;
    const fetchImpl: FetchLike = async (input, init) => {
      if (init?.method !== 'POST') return server.fetchImpl(input, init);
      pushes += 1;
      return new Response(JSON.stringify({ conflicts: [], written: [] }), { status: 200 });
    };
    const db = await openUserDatabase();
    replication = replicateMaster(db, fetchImpl, { push: true });
    await replication.state.awaitInSync();

    const now = Date.now();
    // A write back to the value the server has (stored row unchanged), a write that failed a while ago
    // (no row was ever stored), and one whose row is about to be stored (its entry comes first).
    await markPending(db, 'master', 'room-1', false, now - 10);
    await markPending(db, 'master', 'room-failed', false, now - 5 * 60_000);
    await markPending(db, 'master', 'room-coming', true, now - 10);
    replication.reSync();
    await replication.state.awaitInSync();

    await expect
      .poll(async () => [
        ...(await pendingEntries(db, 'master', ['room-1', 'room-failed', 'room-coming'])).keys(),
      ])
      .toEqual(['room-coming']);
    expect(pushes).toBe(0);
  });
});

describe('sync requests', () => {
  const context = (fetchImpl: FetchLike) => ({
    fetchImpl,
    baseUrl: BASE_URL,
    clientBuild: 'b1',
    csrfToken: { current: 'old' },
  });

  it('asks for a new sign-in when the session is gone', async () => {
    const fetchImpl: FetchLike = async () =>
      new Response(JSON.stringify({ message: 'Unauthenticated', code: 'unauthenticated' }), { status: 401 });
    await expect(
      syncRequest(context(fetchImpl), '/api/sync/master/pull', { method: 'GET' }),
    ).rejects.toBeInstanceOf(SignInRequiredError);
  });

  it('takes the fresh CSRF token of a refusal and sends the build and the offline origin', async () => {
    const seen: Headers[] = [];
    const fetchImpl: FetchLike = async (_input, init) => {
      const headers = new Headers(init?.headers);
      seen.push(headers);
      if (headers.get('x-csrf-token') === 'old') {
        return new Response(
          JSON.stringify({ message: 'Token mismatch', code: 'token_mismatch', token: 'new' }),
          {
            status: 400,
          },
        );
      }
      return new Response(JSON.stringify({ conflicts: [] }), { status: 200 });
    };
    const ctx = context(fetchImpl);
    await syncRequest(ctx, '/api/sync/master/push', { method: 'POST', body: { rows: [] }, offline: true });
    expect(seen.map((headers) => headers.get('x-csrf-token'))).toEqual(['old', 'new']);
    expect(ctx.csrfToken.current).toBe('new');
    expect(seen[1]?.get('x-client-build')).toBe('b1');
    expect(seen[1]?.get('x-offline-origin')).toBe('1');
  });

  it('tries no call while the window reports no network, and calls again once it reports one', async () => {
    let calls = 0;
    const fetchImpl: FetchLike = async () => {
      calls += 1;
      return new Response(JSON.stringify({ documents: [], checkpoint: null }), { status: 200 });
    };
    const ctx = { ...context(fetchImpl), network: { online: false } };
    await expect(syncRequest(ctx, '/api/sync/master/pull', { method: 'GET' })).rejects.toBeInstanceOf(
      NetworkDownError,
    );
    expect(calls).toBe(0);
    ctx.network.online = true;
    await syncRequest(ctx, '/api/sync/master/pull', { method: 'GET' });
    expect(calls).toBe(1);
  });
});
