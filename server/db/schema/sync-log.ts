import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './people';

/**
 * Every change a push (or a REST call of a collection that keeps history) made to a row: who, when, the row
 * before and after, and whether the client wrote it offline. Nothing acknowledged is lost: a local value the
 * server refused stays with the client, and every value the server took is here.
 */
export const syncHistory = pgTable(
  'sync_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collection: text('collection').notNull(),
    rowId: text('row_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    offline: boolean('offline').notNull(),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value').notNull(),
  },
  (table) => [index('sync_history_row_idx').on(table.collection, table.rowId, table.at)],
);

/**
 * The stored answer of a REST command call made with an `Idempotency-Key`: a replay of the same key and body
 * answers from here instead of running the call again. `status` is null while the first call still runs.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);
