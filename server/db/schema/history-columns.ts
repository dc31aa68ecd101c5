import { uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { users } from './people';

/**
 * Who made a change and when, as every change-history table records it (ARCHITECTURE §3). The author is a
 * plain reference, not a cascading one: deleting a user must not take the history of their changes with it.
 */
export function whoChangedWhen() {
  return {
    changedBy: uuid('changed_by')
      .notNull()
      .references(() => users.id),
    changedAt: instant('changed_at').notNull().defaultNow(),
  };
}
