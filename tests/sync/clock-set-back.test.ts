import { createRevision } from 'rxdb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceDoc } from '../../domain/sync-docs';
import { attendanceId } from '../../domain/sync-ids';
import { attendanceCollection } from '../../server/modules/attendance/collection';
import { pushCollection, type SyncActor } from '../../server/sync/engine';
import { createTaughtSchool, markOf } from '../../server/testing/school-fixture';
import type { TestApp } from '../../server/testing/test-app';
import type { SchoolDatabase } from '../../src/db/open-database';
import { markPending } from '../../src/db/outbox';
import {
  allSent,
  openAttendanceDevice,
  replicateAttendance,
  serverMark,
  startLiveAppAsAdmin,
  withCookie,
} from './live-app';

// A device whose clock is set back between two visits (a wrong time zone fixed, a dead battery's clock, a
// user who moves the date). RxDB orders a device's writes by their write time, stamped from the device's clock,
// and its push resumes, after a reload, from the write time it last sent: a write stamped earlier than that was
// skipped for good. Within one process RxDB's clock never goes back (it remembers the latest time it gave), so
// the test stamps the offline write an hour early itself, as a reloaded page with the clock set back does.

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

function replicate(database: SchoolDatabase) {
  return replicateAttendance(database, {
    url: appUrl,
    fetchImpl: withCookie(session.cookie),
    csrf: session.csrf,
  });
}

/** The user's change of a row, stored as RxDB stores it but stamped with `writeTime`, and marked waiting. */
async function writeStampedAt(
  database: SchoolDatabase,
  id: string,
  patch: Partial<AttendanceDoc>,
  writeTime: number,
) {
  const storage = database.attendance.internalStorageInstance;
  const [stored] = await storage.findDocumentsById([id], false);
  if (!stored) throw new Error(`no row ${id}`);
  await markPending(database, 'attendance', id, true, Date.now());
  const document = {
    ...stored,
    ...patch,
    _rev: createRevision(database.token, stored),
    _meta: { ...stored._meta, lwt: writeTime },
  };
  const written = await storage.bulkWrite([{ previous: stored, document }], 'clock-set-back-test');
  expect(written.error).toEqual([]);
}

describe('a device whose clock was set back', () => {
  it('still sends a write it made offline after the clock went back, once it is online again', async () => {
    const school = await createTaughtSchool(t.app.appDeps.db);
    const id = attendanceId(school.classStudentId, school.scheduleId);
    const created = await pushCollection(
      t.app.appDeps,
      attendanceCollection,
      admin,
      [{ newDocumentState: markOf(school, { comment: 'base' }), assumedMasterState: null }],
      false,
    );
    expect(created.conflicts).toEqual([]);
    const name = `clock-${Date.now()}`;

    // First visit, clock right: the device pulls the mark, changes it, and the change is sent.
    let database = await openAttendanceDevice(name);
    let replication = replicate(database);
    await replication.state.awaitInitialReplication();
    await (await database.attendance.findOne(id).exec())?.incrementalPatch({ comment: 'first' });
    await replication.state.awaitInSync();
    await allSent(database);
    expect((await serverMark(t, admin, id))?.comment).toBe('first');
    await replication.cancel();
    await database.close();

    // Second visit, offline, with the clock an hour behind: the user changes the mark again.
    database = await openAttendanceDevice(name);
    await writeStampedAt(database, id, { comment: 'second' }, Date.now() - 60 * 60 * 1000);
    await database.close();

    // Third visit, online: the waiting change goes out.
    database = await openAttendanceDevice(name);
    replication = replicate(database);
    try {
      await replication.state.awaitInitialReplication();
      await replication.state.awaitInSync();
      await allSent(database);
      expect((await serverMark(t, admin, id))?.comment).toBe('second');
      expect((await database.attendance.findOne(id).exec())?.comment).toBe('second');
    } finally {
      await replication.cancel();
      await database.remove();
    }
  }, 30_000);
});
