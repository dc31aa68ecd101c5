import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { MasterDoc } from '../../domain/master';
import { syncCheckpointSchema } from '../../domain/sync';
import { openDatabase, type SchoolDatabase } from '../db/open-database';
import { markMasterSynced, masterSyncedAt$, parseSyncedAt } from '../db/sync-state';
import type { FetchLike } from './http';
import { type MasterReplication, replicateMaster } from './master-replication';
import { pullMaster, SignInRequiredError } from './pull-master';

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
let replication: MasterReplication | undefined;
let userCounter = 0;

async function openTestDatabase(): Promise<SchoolDatabase> {
  userCounter += 1;
  database = await openDatabase(`user-${userCounter}-${Date.now()}`, {
    dexie: { indexedDB, IDBKeyRange },
    multiInstance: false,
  });
  return database;
}

afterEach(async () => {
  await replication?.cancel();
  replication = undefined;
  await database?.remove();
  database = undefined;
});

describe('pullMaster', () => {
  it('sends the checkpoint and limit and returns the validated page', async () => {
    const server = fakeServer([masterDoc({ id: 'a', name: 'Room A', updatedAt: 1 })]);
    const page = await pullMaster(server.fetchImpl, BASE_URL, { updatedAt: 0, id: '' }, 50);
    expect(page.documents.map((row) => row.id)).toEqual(['a']);
    expect(page.checkpoint).toEqual({ updatedAt: 1, id: 'a' });
    expect(server.requests[0]).toContain('limit=50');
  });

  it('keeps the current checkpoint when the server has nothing newer', async () => {
    const server = fakeServer([]);
    const page = await pullMaster(server.fetchImpl, BASE_URL, { updatedAt: 7, id: 'x' }, 50);
    expect(page).toEqual({ documents: [], checkpoint: { updatedAt: 7, id: 'x' } });
  });

  it('refuses an answer that does not match the domain schema', async () => {
    const fetchImpl: FetchLike = async () =>
      new Response(JSON.stringify({ documents: [{ id: 'a' }], checkpoint: null }), { status: 200 });
    await expect(pullMaster(fetchImpl, BASE_URL, undefined, 10)).rejects.toThrow();
  });

  it('asks for a new sign-in when the session is gone', async () => {
    const fetchImpl: FetchLike = async () =>
      new Response(JSON.stringify({ message: 'Unauthenticated', code: 'unauthenticated' }), { status: 401 });
    await expect(pullMaster(fetchImpl, BASE_URL, undefined, 10)).rejects.toBeInstanceOf(SignInRequiredError);
  });
});

describe('master replication', () => {
  it('pulls every page into the local database, then applies later edits and deletes', async () => {
    const server = fakeServer(
      Array.from({ length: 5 }, (_, index) =>
        masterDoc({ id: `room-${index}`, name: `Room ${index}`, updatedAt: index + 1 }),
      ),
    );
    const db = await openTestDatabase();
    replication = replicateMaster({
      collection: db.master,
      fetchImpl: server.fetchImpl,
      baseUrl: BASE_URL,
      batchSize: 2,
      waitForLeadership: false,
      onSignInRequired: () => {},
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
