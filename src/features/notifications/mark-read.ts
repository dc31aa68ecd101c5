import type { SchoolDatabase } from '../../db/open-database';

/**
 * Marks one notification read in the local database. The sync pushes it (offline, it waits in the outbox
 * and goes with its offline origin once back); the server takes only this change of the row.
 */
export async function markNotificationRead(database: SchoolDatabase, id: string): Promise<void> {
  const document = await database.notifications.findOne(id).exec();
  if (!document || document.read) return;
  await document.incrementalPatch({ read: true });
}

/** Marks every unread local notification read, each pushed like a single one. */
export async function markAllNotificationsRead(database: SchoolDatabase): Promise<void> {
  const unread = await database.notifications.find({ selector: { read: false } }).exec();
  await Promise.all(unread.map((document) => document.incrementalPatch({ read: true })));
}
