import { indexedDB } from 'fake-indexeddb';
import { filter, firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceId } from '../../domain/sync-ids';
import { attendanceCollection } from '../../server/sync/collections/attendance';
import { pushCollection, type SyncActor } from '../../server/sync/engine';
import { pullThrough } from '../../server/testing/calls';
import { createSchoolFixture, demoAdminActor, markOf } from '../../server/testing/school-fixture';
import type { TestApp } from '../../server/testing/test-app';
import type { SchoolDatabase } from '../../src/db/open-database';
import { pendingCount$, syncIssues$ } from '../../src/db/outbox';
import type { FetchLike } from '../../src/sync/http';
import {
  openAttendanceDevice,
  replicateAttendance,
  signInCookie,
  startLiveApp,
  withCookie,
} from './live-app';

// RxDB stores a pulled page in two steps: the rows into the local collection, then its own record of the
// server state each row was pulled at (and the checkpoint). A worker that dies between the two (a reload, a
// closed tab, a slow device working through a large page) leaves rows that look, after the restart,
// like local writes with no base. They must not be pushed back as writes: the server may have moved on since.

let t: TestApp;
let appUrl: string;
let admin: SyncActor;
let session: { cookie: string; csrf: string };

beforeAll(async () => {
  ({ t, url: appUrl } = await startLiveApp());
  admin = await demoAdminActor(t.app.appDeps.db);
  session = await signInCookie(t, 'admin@demo.test');
});

afterAll(async () => {
  await t.close();
});

function replicate(database: SchoolDatabase, fetchImpl: FetchLike) {
  return replicateAttendance(database, { url: appUrl, fetchImpl, csrf: session.csrf });
}

/** Empties RxDB's replication records of a closed database, as if no pulled page had got that far. */
async function forgetReplicationRecords(databaseName: string) {
  const names = (await indexedDB.databases())
    .map((info) => info.name ?? '')
    .filter((name) => name.includes(databaseName) && name.includes('rx-replication-meta'));
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) {
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    await new Promise<void>((resolve, reject) => {
      const transaction = idb.transaction(Array.from(idb.objectStoreNames), 'readwrite');
      for (const store of Array.from(idb.objectStoreNames)) transaction.objectStore(store).clear();
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
    });
    idb.close();
  }
}

describe('a worker that dies after storing pulled rows but before RxDB recorded them', () => {
  it('pushes none of them as a write after the restart, and takes the change the server made meanwhile', async () => {
    const fixture = await createSchoolFixture(t.app.appDeps.db);
    const id = attendanceId(fixture.classStudentId, fixture.scheduleId);
    const created = await pushCollection(
      t.app.appDeps,
      attendanceCollection,
      admin,
      [{ newDocumentState: markOf(fixture, { status: 1, comment: 'base' }), assumedMasterState: null }],
      false,
    );
    expect(created.conflicts).toEqual([]);

    const pushes: string[] = [];
    const fetchImpl: FetchLike = (input, init) => {
      if (input.includes('/push')) pushes.push(String(init?.body ?? ''));
      return withCookie(session.cookie)(input, init);
    };
    const name = `mid-pull-${Date.now()}`;
    let database = await openAttendanceDevice(name);
    let replication = replicate(database, fetchImpl);
    await replication.state.awaitInitialReplication();
    expect((await database.attendance.findOne(id).exec())?.comment).toBe('base');
    await replication.cancel();
    await database.close();
    await forgetReplicationRecords(name);

    // Meanwhile another user clears the comment on the server.
    const [current] = (
      await pullThrough(t.app.appDeps.db, attendanceCollection, admin, null, 5000)
    ).documents.filter((doc) => doc.id === id);
    if (!current) throw new Error('no mark');
    const cleared = await pushCollection(
      t.app.appDeps,
      attendanceCollection,
      admin,
      [{ newDocumentState: { ...current, comment: '' }, assumedMasterState: current }],
      false,
    );
    expect(cleared.conflicts).toEqual([]);
    const onServer = cleared.written[0];

    database = await openAttendanceDevice(name);
    replication = replicate(database, fetchImpl);
    try {
      await replication.state.awaitInitialReplication();
      await replication.state.awaitInSync();
      await firstValueFrom(pendingCount$(database).pipe(filter((pending) => pending === 0)));
      // Whatever went out was sent as what it is, the server's state it was pulled at: its own base.
      const sent = pushes.flatMap(
        (body) =>
          (JSON.parse(body) as { rows: { newDocumentState: unknown; assumedMasterState: unknown }[] }).rows,
      );
      for (const row of sent) expect(row.assumedMasterState).toEqual(row.newDocumentState);
      expect(await firstValueFrom(syncIssues$(database))).toEqual([]);
      const { documents } = await pullThrough(t.app.appDeps.db, attendanceCollection, admin, null, 5000);
      expect(documents.find((doc) => doc.id === id)).toEqual(onServer);
      expect((await database.attendance.findOne(id).exec())?.toMutableJSON()).toMatchObject({
        comment: '',
        updatedAt: onServer?.updatedAt,
      });
    } finally {
      await replication.cancel();
      await database.remove();
    }
  }, 30_000);
});
