import { isDeepStrictEqual } from 'node:util';
import { inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { SYNC_COLLECTION_ROLES, type SyncRejectReason } from '../../../domain/sync';
import { type NotificationDoc, notificationDocSchema } from '../../../domain/sync-docs';
import { notificationReadScope } from '../../access/notifications';
import { queryRows } from '../../db/rows';
import { notifications } from '../../db/schema';
import {
  docFieldColumns,
  docJsonOf,
  isoTime,
  SYNC_DOC_FIELDS,
  SYNC_ROW_COLUMNS,
  toDocFields,
} from '../../sync/doc-fields';
import type { SyncActor, SyncCollectionDef, SyncWriteContext } from '../../sync/engine';

const notificationRowSchema = notificationDocSchema.omit(SYNC_DOC_FIELDS).extend(SYNC_ROW_COLUMNS);

type NotificationRow = z.infer<typeof notificationRowSchema>;

/** The document's one field list: each field's column of `notifications n`. */
const FIELD_COLUMNS = {
  id: sql`n.id::text`,
  message: sql`n.message`,
  url: sql`n.url`,
  params: sql`n.params`,
  createdAt: isoTime(sql`n.created_at`),
  read: sql`(n.read_at is not null)`,
};

const SELECT = sql`select ${docFieldColumns(notificationDocSchema, FIELD_COLUMNS)}, n.seq, n.deleted
  from notifications n`;

const toDoc = (row: NotificationRow): NotificationDoc => toDocFields(row);

/**
 * The row as its owner sees it, locked until the push commits. Another user's row reads as absent, so a push
 * naming it learns nothing of it (not even that it exists).
 */
async function readOwnForUpdate({ tx, actor }: SyncWriteContext, doc: NotificationDoc) {
  const [row] = await queryRows(
    tx,
    sql`${SELECT} where n.id::text = ${doc.id} and n.user_id = ${actor.id} for update`,
    notificationRowSchema,
  );
  return row ? toDoc(row) : null;
}

/**
 * The one change a client may make: its own existing notification from unread to read. Creating, deleting,
 * un-reading or editing the text are the server's alone.
 */
function refuseNotification(next: NotificationDoc, current: NotificationDoc | null): SyncRejectReason | null {
  if (!current) return 'forbidden';
  const sameText =
    next.message === current.message &&
    next.url === current.url &&
    next.createdAt === current.createdAt &&
    isDeepStrictEqual(next.params, current.params);
  if (!sameText || next._deleted !== current._deleted) return 'invalid';
  if (current.read && !next.read) return 'invalid';
  return null;
}

/**
 * `notifications`: the bell's list, each user their own (SPEC §4). Every role pulls it; marking read is the
 * one write and goes through the push, so it may be made offline and arrive later (the REST read calls do
 * the same online). The server stamps the read time with its own clock.
 */
export const notificationsCollection: SyncCollectionDef<NotificationDoc, NotificationRow> = {
  name: 'notifications',
  docSchema: notificationDocSchema,
  pullRoles: SYNC_COLLECTION_ROLES.notifications.pull,
  scope: (actor: SyncActor) => sql`${SELECT} where ${notificationReadScope(actor)}`,
  rowSchema: notificationRowSchema,
  toDoc,
  docJson: docJsonOf(notificationDocSchema),
  push: {
    roles: SYNC_COLLECTION_ROLES.notifications.push,
    mergeFields: null,
    readForUpdate: readOwnForUpdate,
    refuse: async (_ctx, next, current) => refuseNotification(next, current),
    async write({ tx, seq, now }, doc) {
      await tx
        .update(notifications)
        .set({ readAt: doc.read ? now : null, seq, updatedAt: now })
        .where(sql`${notifications.id}::text = ${doc.id}`);
    },
    async audience(tx, docs) {
      const rows = await tx
        .selectDistinct({ userId: notifications.userId })
        .from(notifications)
        .where(
          inArray(
            sql`${notifications.id}::text`,
            docs.map((doc) => doc.id),
          ),
        );
      return rows.map((row) => row.userId);
    },
  },
};
