import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../domain/roles';
import { StickyStatus, StickyType } from '../../domain/stickies';
import type { SocketMessage } from '../../domain/sync';
import type { NotificationDoc, StickyDoc } from '../../domain/sync-docs';
import { notifications, stickies, users } from '../db/schema';
import { nextSequence } from '../db/sequence';
import { stickiesCollection } from '../modules/dashboard/collection';
import { notificationsCollection } from '../modules/notifications/collection';
import { call, pullThrough, waitForWatermark } from '../testing/calls';
import { createSchoolFixture, type SchoolFixture } from '../testing/school-fixture';
import { buildTestApp, signIn, type TestApp } from '../testing/test-app';
import { pullCollection, pushCollection, type SyncActor, type SyncCollectionDef } from './engine';

let t: TestApp;
let school: SchoolFixture;
let teacher: SyncActor;
let otherTeacher: SyncActor;
let student: SyncActor;
let observer: SyncActor;
let superAdmin: SyncActor;

async function demoUser(email: string, role: SyncActor['role']): Promise<SyncActor> {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no demo user ${email}`);
  return { id: row.id, role };
}

beforeAll(async () => {
  t = await buildTestApp();
  school = await createSchoolFixture(t.db);
  const other = await createSchoolFixture(t.db);
  teacher = { id: school.teacherId, role: Role.teacher };
  otherTeacher = { id: other.teacherId, role: Role.teacher };
  student = { id: school.studentUserId, role: Role.student };
  observer = await demoUser('observer@demo.test', Role.observer);
  superAdmin = await demoUser('super@demo.test', Role.superAdmin);
});

afterAll(async () => {
  await t.close();
});

async function pullAllOf<Doc extends { id: string; updatedAt: number; _deleted: boolean }>(
  def: SyncCollectionDef<Doc>,
  actor: SyncActor,
): Promise<Doc[]> {
  return (await pullThrough(t.app.appDeps.db, def, actor, null, 2)).documents;
}

/** A card of `userId`, written the way the sticky rules write them (one transaction, its own sequence). */
async function insertSticky(
  userId: string,
  type: StickyType,
  extra: Partial<typeof stickies.$inferInsert> = {},
): Promise<string> {
  return t.db.transaction(async (tx) => {
    const seq = await nextSequence(tx);
    const [row] = await tx
      .insert(stickies)
      .values({
        userId,
        type,
        subjectId: school.subjectId,
        universityId: school.universityId,
        classId: school.classId,
        content: '<p>本文</p>',
        seq,
        ...extra,
      })
      .returning({ id: stickies.id });
    if (!row) throw new Error('sticky not inserted');
    return row.id;
  });
}

async function insertNotification(userId: string, message = 'notification_new_sticky'): Promise<string> {
  return t.db.transaction(async (tx) => {
    const seq = await nextSequence(tx);
    const [row] = await tx
      .insert(notifications)
      .values({ userId, message, url: '/', seq })
      .returning({ id: notifications.id });
    if (!row) throw new Error('notification not inserted');
    return row.id;
  });
}

describe('stickies sync', () => {
  it('each user pulls only their own open cards; a student only the highlight cards; a closed card arrives deleted', async () => {
    const memo = await insertSticky(teacher.id, StickyType.memo);
    const closed = await insertSticky(teacher.id, StickyType.lessonNotPlan, { status: StickyStatus.closed });
    const foreign = await insertSticky(otherTeacher.id, StickyType.memo);
    const highlight = await insertSticky(student.id, StickyType.highlightAttendance);
    const hiddenFromStudent = await insertSticky(student.id, StickyType.memo);

    const teacherDocs = await pullAllOf(stickiesCollection, teacher);
    expect(teacherDocs.map((doc) => [doc.id, doc._deleted]).sort()).toEqual(
      [
        [memo, false],
        [closed, true],
      ].sort(),
    );
    const memoDoc = teacherDocs.find((doc) => doc.id === memo);
    expect(memoDoc).toMatchObject<Partial<StickyDoc>>({
      type: StickyType.memo,
      content: '<p>本文</p>',
      subjectId: school.subjectId,
      classId: school.classId,
      className: 'A組',
      contactUrls: [],
    });

    const studentDocs = await pullAllOf(stickiesCollection, student);
    expect(studentDocs.map((doc) => doc.id)).toEqual([highlight]);
    expect(studentDocs.map((doc) => doc.id)).not.toContain(hiddenFromStudent);
    expect((await pullAllOf(stickiesCollection, otherTeacher)).map((doc) => doc.id)).toEqual([foreign]);
    expect(await pullAllOf(stickiesCollection, observer)).toEqual([]);
  });

  it('closing a card through the REST call reaches the owner as a deletion, and pushes are refused', async () => {
    const id = await insertSticky(teacher.id, StickyType.subject);
    const before = await pullAllOf(stickiesCollection, teacher);
    const open = before.find((doc) => doc.id === id);
    if (!open) throw new Error('card missing');
    const checkpoint = { updatedAt: open.updatedAt, id: open.id };

    const refused = await pushCollection(
      t.app.appDeps,
      stickiesCollection,
      teacher,
      [{ newDocumentState: { ...open, _deleted: true }, assumedMasterState: open }],
      false,
    );
    expect(refused.conflicts.map((conflict) => conflict.reason)).toEqual(['forbidden']);

    await t.db.update(stickies).set({ status: StickyStatus.closed }).where(eq(stickies.id, id));
    await t.db.execute(sql`update stickies set seq = pg_current_xact_id()::text::bigint where id = ${id}`);
    await waitForWatermark(t.db);
    const after = await pullCollection(t.db, stickiesCollection, teacher, checkpoint, 50);
    expect(after.documents.filter((doc) => doc.id === id).map((doc) => doc._deleted)).toEqual([true]);
  });

  it('the super admin, who has no dashboard, may not pull cards', async () => {
    const session = await signIn(t.app, 'super@demo.test');
    const response = await call(t.app, session, 'GET', '/api/sync/stickies/pull');
    expect(response.statusCode).toBe(403);
  });
});

describe('notifications sync', () => {
  it('each role pulls only its own notifications, the super admin and observer included', async () => {
    const mine = await insertNotification(teacher.id);
    const theirs = await insertNotification(otherTeacher.id);
    const observers = await insertNotification(observer.id);
    const supers = await insertNotification(superAdmin.id);

    expect((await pullAllOf(notificationsCollection, teacher)).map((doc) => doc.id)).toEqual([mine]);
    expect((await pullAllOf(notificationsCollection, otherTeacher)).map((doc) => doc.id)).toEqual([theirs]);
    expect((await pullAllOf(notificationsCollection, observer)).map((doc) => doc.id)).toEqual([observers]);
    expect((await pullAllOf(notificationsCollection, superAdmin)).map((doc) => doc.id)).toEqual([supers]);

    for (const email of ['super@demo.test', 'observer@demo.test']) {
      const session = await signIn(t.app, email);
      const response = await call(t.app, session, 'GET', '/api/sync/notifications/pull');
      expect(response.statusCode).toBe(200);
      const body: { documents: NotificationDoc[] } = response.json();
      expect(body.documents.every((doc) => doc.id !== mine && doc.id !== theirs)).toBe(true);
    }
  });

  it('marking read offline is taken once, told to the owner, and a second device agrees without a conflict', async () => {
    const id = await insertNotification(student.id, 'notification_request_approved');
    const [doc] = (await pullAllOf(notificationsCollection, student)).filter((row) => row.id === id);
    if (!doc) throw new Error('notification missing');
    const heard: SocketMessage[] = [];
    const unsubscribe = t.app.appDeps.feed.subscribe(student.id, (message) => heard.push(message));

    const first = await pushCollection(
      t.app.appDeps,
      notificationsCollection,
      student,
      [{ newDocumentState: { ...doc, read: true }, assumedMasterState: doc }],
      true,
    );
    expect(first.conflicts).toEqual([]);
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row?.readAt).toEqual(t.clock.now());
    expect(heard).toEqual([{ type: 'changed', collections: ['notifications'] }]);

    // Another device of the same user, still on the unread base, marks it read too.
    const second = await pushCollection(
      t.app.appDeps,
      notificationsCollection,
      student,
      [{ newDocumentState: { ...doc, read: true }, assumedMasterState: doc }],
      false,
    );
    expect(second.conflicts).toEqual([]);
    unsubscribe();
  });

  it("refuses another user's notification without revealing it, and every change but reading", async () => {
    const id = await insertNotification(teacher.id, 'notification_request_created');
    const [doc] = (await pullAllOf(notificationsCollection, teacher)).filter((row) => row.id === id);
    if (!doc) throw new Error('notification missing');

    const foreign = await pushCollection(
      t.app.appDeps,
      notificationsCollection,
      otherTeacher,
      [{ newDocumentState: { ...doc, read: true }, assumedMasterState: doc }],
      false,
    );
    expect(foreign.conflicts).toEqual([
      { document: { ...doc, read: true, updatedAt: 0, _deleted: true }, reason: 'forbidden' },
    ]);

    const edits: NotificationDoc[] = [
      { ...doc, message: 'hacked' },
      { ...doc, url: '/elsewhere' },
      { ...doc, _deleted: true },
    ];
    for (const edit of edits) {
      const answer = await pushCollection(
        t.app.appDeps,
        notificationsCollection,
        teacher,
        [{ newDocumentState: edit, assumedMasterState: doc }],
        false,
      );
      expect(answer.conflicts).toEqual([{ document: doc, reason: 'invalid' }]);
    }
    const made = await pushCollection(
      t.app.appDeps,
      notificationsCollection,
      teacher,
      [
        {
          newDocumentState: { ...doc, id: '00000000-0000-4000-8000-000000000001' },
          assumedMasterState: null,
        },
      ],
      false,
    );
    expect(made.conflicts.map((conflict) => conflict.reason)).toEqual(['forbidden']);

    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row).toMatchObject({
      message: 'notification_request_created',
      url: '/',
      readAt: null,
      deleted: false,
    });
  });

  it('an observer marks a notification read through the push call; un-reading is refused', async () => {
    const id = await insertNotification(observer.id);
    const session = await signIn(t.app, 'observer@demo.test');
    const pulled = await call(t.app, session, 'GET', '/api/sync/notifications/pull');
    const doc = (pulled.json() as { documents: NotificationDoc[] }).documents.find((row) => row.id === id);
    if (!doc) throw new Error('notification missing');
    const read = await call(t.app, session, 'POST', '/api/sync/notifications/push', {
      rows: [{ newDocumentState: { ...doc, read: true }, assumedMasterState: doc }],
    });
    expect(read.statusCode).toBe(200);
    const readDoc = (read.json() as { written: NotificationDoc[] }).written[0];
    if (!readDoc) throw new Error('not written');
    expect(readDoc.read).toBe(true);
    const unread = await call(t.app, session, 'POST', '/api/sync/notifications/push', {
      rows: [{ newDocumentState: { ...readDoc, read: false }, assumedMasterState: readDoc }],
    });
    expect((unread.json() as { conflicts: { reason: string }[] }).conflicts.map((c) => c.reason)).toEqual([
      'invalid',
    ]);
  });
});
