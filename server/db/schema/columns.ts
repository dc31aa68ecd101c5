import { bigint, boolean, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Shared column builders; Drizzle documents spreading one helper object into several tables.
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

// Every master kind carries the sync sequence and a soft-delete flag, because the browser replicates them
// and a hard delete would never reach a client that pulls after it.
export const masterColumns = {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  deleted: boolean('deleted').notNull().default(false),
  ...timestamps,
};
