import { indexedDB } from 'fake-indexeddb';
import { firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceDoc } from '../../domain/sync-docs';
import { attendanceCollection } from '../../server/modules/attendance/collection';
import { pushCollection, type SyncActor } from '../../server/sync/engine';
import { pullThrough } from '../../server/testing/calls';
import { createSchoolFixture, markOf } from '../../server/testing/school-fixture';
import type { TestApp } from '../../server/testing/test-app';
import type { SchoolDatabase } from '../../src/db/open-database';
import { syncIssues$ } from '../../src/db/outbox';
import type { FetchLike } from '../../src/sync/http';
import {
  allSent,
  openAttendanceDevice,
  replicateAttendance,
  startLiveAppAsAdmin,
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
  ({ t, url: appUrl, admin, session } = await startLiveAppAsAdmin());
});

afterAll(async () => {
  await t.close();
});

function replicate(database: SchoolDatabase, fetchImpl: FetchLike) {
  return replicateAttendance(database, { url: appUrl, fetchImpl, csrf: session.csrf, batchSize: PAGE });
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

const MARKS = 5;
const PAGE = 2;

/** Resolves once `check` holds, polling every few milliseconds. */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 2000; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('condition never held');
}

describe('a worker that dies after storing pulled rows but before RxDB recorded them', () => {
  it('pushes none of them after the restart, at whichever page the first pull was cut, and takes the change the server made meanwhile', async () => {
    const marks: AttendanceDoc[] = [];
    for (let index = 0; index < MARKS; index++) {
      marks.push(
        markOf(await createSchoolFixture(t.app.appDeps.db), { status: 1, comment: `base ${index}` }),
      );
    }
    const created = await pushCollection(
      t.app.appDeps,
      attendanceCollection,
      admin,
      marks.map((mark) => ({ newDocumentState: mark, assumedMasterState: null })),
      false,
    );
    expect(created.conflicts).toEqual([]);
    const ids = new Set(marks.map((mark) => mark.id));
    const serverRows = async () =>
      (await pullThrough(t.app.appDeps.db, attendanceCollection, admin, null, 5000)).documents.filter((doc) =>
        ids.has(doc.id),
      );
    const allRows = (await pullThrough(t.app.appDeps.db, attendanceCollection, admin, null, 5000)).documents;
    const pages = Math.ceil(allRows.length / PAGE);
    expect(pages).toBeGreaterThanOrEqual(3);

    for (let cut = 1; cut <= pages; cut++) {
      const pushes: string[] = [];
      let pulls = 0;
      let cutOff = true;
      const fetchImpl: FetchLike = (input, init) => {
        if (input.includes('/push')) pushes.push(String(init?.body ?? ''));
        if (input.includes('/pull')) {
          pulls += 1;
          if (cutOff && pulls > cut) return Promise.reject(new TypeError('fetch failed: the worker died'));
        }
        return withCookie(session.cookie)(input, init);
      };
      const name = `mid-pull-${cut}-${Date.now()}`;
      let database = await openAttendanceDevice(name);
      let replication = replicate(database, fetchImpl);
      // The first `cut` pages are stored and the next pull fails (the last page ends the first pull): the
      // worker stops there.
      if (cut < pages) await until(async () => pulls > cut + 1);
      else await replication.state.awaitInitialReplication();
      // RxDB fetches the next page while it still stores the last one.
      const stored = Math.min(cut * PAGE, allRows.length);
      await until(async () => (await database.attendance.count().exec()) === stored);
      await replication.cancel();
      await database.close();
      await forgetReplicationRecords(name);

      // Meanwhile another user changes the comment of a row the device stored.
      const [current] = (await serverRows()).filter((doc) => doc.id === allRows[0]?.id);
      if (!current) throw new Error('no mark');
      const changed = await pushCollection(
        t.app.appDeps,
        attendanceCollection,
        admin,
        [{ newDocumentState: { ...current, comment: `changed ${cut}` }, assumedMasterState: current }],
        false,
      );
      expect(changed.conflicts).toEqual([]);

      cutOff = false;
      database = await openAttendanceDevice(name);
      replication = replicate(database, fetchImpl);
      try {
        await replication.state.awaitInitialReplication();
        await replication.state.awaitInSync();
        await allSent(database);
        expect(pushes).toEqual([]);
        expect(await firstValueFrom(syncIssues$(database))).toEqual([]);
        const local = (await database.attendance.find().exec())
          .map((row) => ({ ...row.toMutableJSON(), _deleted: false }))
          .filter((row) => ids.has(row.id))
          .sort((a, b) => (a.id < b.id ? -1 : 1));
        const onServer = (await serverRows()).sort((a, b) => (a.id < b.id ? -1 : 1));
        expect(local).toEqual(onServer);
        expect(onServer.find((doc) => doc.id === current.id)?.comment).toBe(`changed ${cut}`);

        // A write of the user's is still pushed, and only that row.
        await (await database.attendance.findOne(current.id).exec())?.incrementalPatch({ comment: 'mine' });
        await until(
          async () => pushes.length > 0 && (await serverRows()).some((doc) => doc.comment === 'mine'),
        );
        await replication.state.awaitInSync();
        const sent = pushes.flatMap(
          (body) => (JSON.parse(body) as { rows: { newDocumentState: AttendanceDoc }[] }).rows,
        );
        expect(sent.map((row) => row.newDocumentState.id)).toEqual([current.id]);
      } finally {
        await replication.cancel();
        await database.remove();
      }
    }
  }, 60_000);
});
