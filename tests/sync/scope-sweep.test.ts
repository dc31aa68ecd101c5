import { and, eq } from 'drizzle-orm';
import { firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../domain/roles';
import type { AttendanceDoc } from '../../domain/sync-docs';
import type { Database } from '../../server/db/client';
import { classTeachers, users } from '../../server/db/schema';
import { nextSequence } from '../../server/db/sequence';
import { attendanceCollection } from '../../server/modules/attendance/collection';
import { pushCollection, type SyncActor } from '../../server/sync/engine';
import { pullThrough } from '../../server/testing/calls';
import { createSchoolFixture, markOf, type SchoolFixture } from '../../server/testing/school-fixture';
import type { TestApp } from '../../server/testing/test-app';
import { syncIssues$ } from '../../src/db/outbox';
import { scopeSweepPending } from '../../src/db/sync-state';
import {
  openAttendanceDevice,
  replicateAttendance,
  signInCookie,
  startLiveApp,
  withCookie,
} from './live-app';

// Rows that leave a user's scope (a teacher unassigned from a class) must leave the device too: the scope
// change makes the server start the pull over, and the device drops what the completed re-pull left out. A
// write still waiting on such a row is refused without showing the server's row, and listed as an issue.

let t: TestApp;
let db: Database;
let appUrl: string;
let own: SchoolFixture;
let other: SchoolFixture;
let admin: SyncActor;

async function write(
  work: (tx: Parameters<Parameters<Database['transaction']>[0]>[0], seq: number) => Promise<void>,
) {
  await db.transaction(async (tx) => work(tx, await nextSequence(tx)));
}

beforeAll(async () => {
  ({ t, url: appUrl } = await startLiveApp());
  db = t.app.appDeps.db;
  own = await createSchoolFixture(db);
  other = await createSchoolFixture(db);
  const [adminRow] = await db.select().from(users).where(eq(users.email, 'admin@demo.test'));
  if (!adminRow) throw new Error('no demo admin');
  admin = { id: adminRow.id, role: Role.admin };
  // The fixture's teacher signs in with the test password, and teaches both classes.
  await db.update(users).set({ passwordHash: adminRow.passwordHash }).where(eq(users.id, own.teacherId));
  await write(async (tx, seq) => {
    for (const fixture of [own, other]) {
      await tx.insert(classTeachers).values({
        subjectId: fixture.subjectId,
        universityId: fixture.universityId,
        classId: fixture.classId,
        teacherId: own.teacherId,
        seq,
      });
    }
  });
  for (const fixture of [own, other]) {
    const pushed = await pushCollection(
      t.app.appDeps,
      attendanceCollection,
      admin,
      [{ newDocumentState: markOf(fixture), assumedMasterState: null }],
      false,
    );
    expect(pushed.conflicts).toEqual([]);
  }
});

afterAll(async () => {
  await t.close();
});

/** Gives the fixture's teacher the other class, or takes it away. */
async function assignOther(assigned: boolean) {
  await write(async (tx, seq) => {
    await tx
      .update(classTeachers)
      .set({ deleted: !assigned, seq })
      .where(and(eq(classTeachers.classId, other.classId), eq(classTeachers.teacherId, own.teacherId)));
  });
}

async function serverMark(fixture: SchoolFixture): Promise<AttendanceDoc | undefined> {
  const { documents } = await pullThrough(db, attendanceCollection, admin, null, 5000);
  return documents.find((doc) => doc.id === markOf(fixture).id);
}

/** The teacher's device: a local database replicating attendance one row per page. */
async function teacherDevice() {
  const [teacherRow] = await db.select().from(users).where(eq(users.id, own.teacherId));
  if (!teacherRow) throw new Error('no teacher');
  const session = await signInCookie(t, teacherRow.email);
  const database = await openAttendanceDevice(`scope-sweep-${Date.now()}`);
  const replication = replicateAttendance(database, {
    url: appUrl,
    fetchImpl: withCookie(session.cookie),
    csrf: session.csrf,
    batchSize: 1,
  });
  return {
    database,
    replication,
    localIds: async () => (await database.attendance.find().exec()).map((doc) => doc.id).sort(),
    close: async () => {
      await replication.cancel();
      await database.remove();
    },
  };
}

describe('rows leaving the scope', () => {
  it('are dropped from the device when the re-pull after the scope change completes; the rest stay', async () => {
    const device = await teacherDevice();
    try {
      await device.replication.state.awaitInitialReplication();
      expect(await device.localIds()).toEqual([markOf(own).id, markOf(other).id].sort());

      await assignOther(false);
      device.replication.reSync();
      await device.replication.state.awaitInSync();

      expect(await device.localIds()).toEqual([markOf(own).id]);
      expect(await device.database.attendance.findOne(markOf(other).id).exec()).toBeNull();
      expect(await scopeSweepPending(device.database, 'attendance')).toBe(false);
    } finally {
      await device.close();
    }
  }, 30_000);

  it('a write still waiting on a row that left the scope is refused, listed, and the row leaves', async () => {
    await assignOther(true);
    const device = await teacherDevice();
    try {
      await device.replication.state.awaitInitialReplication();
      const before = await serverMark(other);
      await assignOther(false);
      await (await device.database.attendance.findOne(markOf(other).id).exec())?.incrementalPatch({
        comment: 'written after the class was taken away',
      });
      await device.replication.state.awaitInSync();
      device.replication.reSync();
      await device.replication.state.awaitInSync();

      expect(await device.localIds()).toEqual([markOf(own).id]);
      expect((await firstValueFrom(syncIssues$(device.database))).map((issue) => issue.reason)).toEqual([
        'forbidden',
      ]);
      expect(await serverMark(other)).toEqual(before);
    } finally {
      await device.close();
    }
  }, 30_000);
});
