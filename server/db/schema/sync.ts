import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/** One counter per change scope; its row lock orders the commits of that scope (see server/db/sequence.ts). */
export const syncCounters = pgTable('sync_counters', {
  scope: text('scope').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});
