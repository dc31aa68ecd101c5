import { firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceDoc } from '../../domain/sync-docs';
import { attendanceId } from '../../domain/sync-ids';
import { attendanceCollection } from '../../server/modules/attendance/collection';
import { pushCollection, type SyncActor } from '../../server/sync/engine';
import {
  createSchoolFixture,
  createTaughtSchool,
  markOf,
  type SchoolFixture,
} from '../../server/testing/school-fixture';
import type { TestApp } from '../../server/testing/test-app';
import type { SchoolDatabase } from '../../src/db/open-database';
import { syncIssues$ } from '../../src/db/outbox';
import type { FetchLike } from '../../src/sync/http';
import {
  allSent,
  openAttendanceDevice,
  replicateAttendance,
  serverMark,
  startLiveAppAsAdmin,
  withCookie,
} from './live-app';

// A worker (or page) that dies while its push is in flight, after the server committed it: the device never
// learns the new server state of the row, and the user may write the row again before the worker is back.
// The restarted worker must recognise its own earlier push instead of reporting a conflict with itself.

let t: TestApp;
let appUrl: string;
let admin: SyncActor;
let session: { cookie: string; csrf: string };
let school: SchoolFixture;

beforeAll(async () => {
  ({ t, url: appUrl, admin, session } = await startLiveAppAsAdmin());
  school = await createTaughtSchool(t.app.appDeps.db);
});

afterAll(async () => {
  await t.close();
});

/** A fetch with the admin's cookie; `hold` decides, per push, whether its answer is lost. */
function sessionFetch(hold: (url: string) => Promise<void> | null): FetchLike {
  return async (input, init) => {
    const response = await withCookie(session.cookie)(input, init);
    const held = input.includes('/push') ? hold(input) : null;
    if (!held) return response;
    // The server has committed and answered; the answer never reaches the worker.
    await response.text();
    await held;
    throw new TypeError('fetch failed: the worker is gone');
  };
}

function replicate(database: SchoolDatabase, fetchImpl: FetchLike) {
  return replicateAttendance(database, { url: appUrl, fetchImpl, csrf: session.csrf, batchSize: 50 });
}

/**
 * The user writes `first` (after `meanwhile` ran on the server); its push commits but the worker dies before
 * the answer arrives; the user writes `second` while no worker runs; then a new worker syncs. Answers the
 * sync issues and the row on the server and on the device.
 */
async function cutPushThenWriteAgain(
  fixture: SchoolFixture,
  first: Partial<AttendanceDoc>,
  second: Partial<AttendanceDoc>,
  meanwhile: () => Promise<void> = async () => {},
) {
  const id = attendanceId(fixture.classStudentId, fixture.scheduleId);
  const created = await pushCollection(
    t.app.appDeps,
    attendanceCollection,
    admin,
    [{ newDocumentState: markOf(fixture, { comment: 'base' }), assumedMasterState: null }],
    false,
  );
  expect(created.conflicts).toEqual([]);

  const name = `restart-${Date.now()}`;
  let database = await openAttendanceDevice(name);
  let release: () => void = () => {};
  const gone = new Promise<void>((resolve) => {
    release = resolve;
  });
  let committed: () => void = () => {};
  const pushCommitted = new Promise<void>((resolve) => {
    committed = resolve;
  });
  let replication = replicate(
    database,
    sessionFetch(() => {
      committed();
      return gone;
    }),
  );
  await replication.state.awaitInitialReplication();
  const pulled = await database.attendance.findOne(id).exec();
  expect(pulled?.comment).toBe('base');
  await meanwhile();

  await pulled?.incrementalPatch(first);
  await pushCommitted;

  // The worker dies with the push's answer still on its way.
  const cancelled = replication.cancel();
  release();
  await cancelled;
  await database.close();

  // The page writes the row again while no worker runs.
  database = await openAttendanceDevice(name);
  await (await database.attendance.findOne(id).exec())?.incrementalPatch(second);

  replication = replicate(
    database,
    sessionFetch(() => null),
  );
  try {
    await replication.state.awaitInitialReplication();
    replication.reSync();
    await replication.state.awaitInSync();
    await allSent(database);
    return {
      issues: (await firstValueFrom(syncIssues$(database))).map((issue) => issue.reason),
      server: await serverMark(t, admin, id),
      local: (await database.attendance.findOne(id).exec())?.toMutableJSON(),
    };
  } finally {
    await replication.cancel();
    await database.remove();
  }
}

describe('a push in flight when the worker restarts', () => {
  it('is recognised after the restart: a later write of the same row lands, with no sync issue', async () => {
    const result = await cutPushThenWriteAgain(school, { comment: 'first' }, { comment: 'second' });
    expect(result.issues).toEqual([]);
    expect(result.server?.comment).toBe('second');
    expect(result.local?.comment).toBe('second');
  }, 30_000);

  it('keeps the change somebody else made that the server merged into the cut push', async () => {
    const fixture = await createSchoolFixture(t.app.appDeps.db);
    const id = attendanceId(fixture.classStudentId, fixture.scheduleId);
    const result = await cutPushThenWriteAgain(fixture, { status: 2 }, { status: 3 }, async () => {
      const current = await serverMark(t, admin, id);
      if (!current) throw new Error('no mark');
      const noted = await pushCollection(
        t.app.appDeps,
        attendanceCollection,
        admin,
        [{ newDocumentState: { ...current, comment: 'admin note' }, assumedMasterState: current }],
        false,
      );
      expect(noted.conflicts).toEqual([]);
    });
    expect(result.issues).toEqual([]);
    expect(result.server).toMatchObject({ status: 3, comment: 'admin note' });
    expect(result.local).toMatchObject({ status: 3, comment: 'admin note' });
  }, 30_000);
});
