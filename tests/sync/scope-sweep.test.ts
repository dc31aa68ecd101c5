import { and, eq } from 'drizzle-orm';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../domain/roles';
import { type AttendanceDoc, attendanceDocSchema } from '../../domain/sync-docs';
import type { Database } from '../../server/db/client';
import { classTeachers, users } from '../../server/db/schema';
import { attendanceCollection } from '../../server/sync/collections/attendance';
import { pushCollection, type SyncActor } from '../../server/sync/engine';
import { nextSequence } from '../../server/sync/sequence';
import { createSchoolFixture, markOf, type SchoolFixture } from '../../server/testing/school-fixture';
import type { TestApp } from '../../server/testing/test-app';
import { openDatabase } from '../../src/db/open-database';
import { scopeSweepPending } from '../../src/db/sync-state';
import { type CollectionReplication, replicateCollection } from '../../src/sync/replicate-collection';
import { signInCookie, startLiveApp, withCookie } from './live-app';

// Rows that leave a user's scope (a teacher unassigned from a class) must leave the device too: the scope
// change makes the server start the pull over, and the device drops what the completed re-pull left out.

let t: TestApp;
let db: Database;
let appUrl: string;
let own: SchoolFixture;
let other: SchoolFixture;

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
  const admin: SyncActor = { id: adminRow.id, role: Role.admin };
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

describe('rows leaving the scope', () => {
  it('are dropped from the device when the re-pull after the scope change completes; the rest stay', async () => {
    const [teacherRow] = await db.select().from(users).where(eq(users.id, own.teacherId));
    if (!teacherRow) throw new Error('no teacher');
    const session = await signInCookie(t, teacherRow.email);
    const fetchImpl = withCookie(session.cookie);
    const database = await openDatabase(`scope-sweep-${Date.now()}`, {
      dexie: { indexedDB, IDBKeyRange },
      multiInstance: false,
      only: ['attendance', 'outbox'],
    });
    const replication = replicateCollection({
      name: 'attendance',
      database,
      collection: database.attendance,
      docSchema: attendanceDocSchema,
      push: true,
      request: { fetchImpl, baseUrl: appUrl, clientBuild: 'test', csrfToken: { current: session.csrf } },
      batchSize: 1,
      catchUpBatchSize: 1,
      waitForLeadership: false,
      retryMs: { min: 5, max: 40 },
      onSignInRequired: () => {},
      onUpdateRequired: () => {},
      onPulled: async () => {},
    }) as unknown as CollectionReplication<AttendanceDoc>;
    const localIds = async () => (await database.attendance.find().exec()).map((doc) => doc.id).sort();
    try {
      await replication.state.awaitInitialReplication();
      expect(await localIds()).toEqual([markOf(own).id, markOf(other).id].sort());

      await write(async (tx, seq) => {
        await tx
          .update(classTeachers)
          .set({ deleted: true, seq })
          .where(and(eq(classTeachers.classId, other.classId), eq(classTeachers.teacherId, own.teacherId)));
      });
      replication.reSync();
      await replication.state.awaitInSync();

      expect(await localIds()).toEqual([markOf(own).id]);
      expect(await database.attendance.findOne(markOf(other).id).exec()).toBeNull();
      expect(await scopeSweepPending(database, 'attendance')).toBe(false);
    } finally {
      await replication.cancel();
      await database.remove();
    }
  }, 30_000);
});
