import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { deletedWithUser } from './people';

/** Server-side sessions; the primary key is the sha256 hex of the cookie token, never the token itself. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: deletedWithUser(),
    createdAt: instant('created_at').notNull().defaultNow(),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    userAgent: text('user_agent'),
    /** True once the two-step code was entered, or the device was trusted at sign-in. */
    otpVerified: boolean('otp_verified').notNull().default(false),
    /** True when sign-in skipped the code because the device is trusted. */
    trustedDevice: boolean('trusted_device').notNull().default(false),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);
