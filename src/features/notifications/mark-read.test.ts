import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type SchoolDatabase } from '../../db/open-database';
import { pendingCount$, pendingEntries, trackLocalWrites } from '../../db/outbox';
import type { NotificationDocType } from '../../db/synced-schemas';
import { markAllNotificationsRead, markNotificationRead } from './mark-read';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

function notification(id: string, read = false): NotificationDocType {
  return {
    id,
    message: 'notification_new_sticky',
    url: '/',
    params: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    read,
    updatedAt: 3,
  };
}

async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('condition not reached');
}

describe('marking notifications read', () => {
  it('marks one read offline and queues it for the push, marked offline; reading it again writes nothing', async () => {
    database = await openDatabase(`notifications-${Date.now()}`, {
      dexie: { indexedDB, IDBKeyRange },
      multiInstance: false,
    });
    const db = database;
    await db.notifications.bulkInsert([notification('n1'), notification('n2'), notification('n3', true)]);
    trackLocalWrites(db, () => true);

    await markNotificationRead(db, 'n1');
    expect((await db.notifications.findOne('n1').exec())?.read).toBe(true);
    await until(async () => (await firstValueFrom(pendingCount$(db))) === 1);
    expect((await pendingEntries(db, 'notifications', ['n1'])).get('n1')).toMatchObject({ offline: true });

    await markNotificationRead(db, 'n1');
    await markNotificationRead(db, 'missing');
    expect(await firstValueFrom(pendingCount$(db))).toBe(1);

    await markAllNotificationsRead(db);
    const all = await db.notifications.find().exec();
    expect(all.every((doc) => doc.read)).toBe(true);
    // n2 is the only other unread one; n3 was read already and is not written again.
    await until(async () => (await firstValueFrom(pendingCount$(db))) === 2);
    expect([...(await pendingEntries(db, 'notifications', ['n1', 'n2', 'n3'])).keys()].sort()).toEqual([
      'n1',
      'n2',
    ]);
  });
});
