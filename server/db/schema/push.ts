import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { deletedWithUser } from './people';

/**
 * The server's VAPID key pair for Web Push (server/modules/push), made at first start and kept here so
 * subscriptions made against its public key keep working across restarts and instances. One row.
 */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: smallint('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [check('vapid_keys_one_row', sql`${table.id} = 1`)],
);

/** A browser's Web Push subscription of one user (a phone that allowed notices); removed when it ends. */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: deletedWithUser(),
  /** The push service's URL for this browser; one subscription per endpoint, whoever signed in last. */
  endpoint: text('endpoint').notNull().unique(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: instant('created_at').notNull(),
});
