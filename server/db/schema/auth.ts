import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './people';

/** Server-side sessions; the primary key is the sha256 hex of the cookie token, never the token itself. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    userAgent: text('user_agent'),
    /** True once the two-step code was entered, or the device was trusted at sign-in. */
    otpVerified: boolean('otp_verified').notNull().default(false),
    /** True when sign-in skipped the code because the device is trusted. */
    trustedDevice: boolean('trusted_device').notNull().default(false),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);
