import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { deletedWithUser, users } from './people';

/**
 * Devices a user chose to trust after a two-step code: the key is the sha256 hex of the device cookie, so a
 * leaked table cannot be replayed. Trust ends after 30 days, on a password reset or change.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: text('id').primaryKey(),
    userId: deletedWithUser(),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('trusted_devices_user_id_idx').on(table.userId),
    check('trusted_devices_expiry_after_creation', sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);

/** Two-step codes: stored hashed, bound to the session the password step opened, single use. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: deletedWithUser(),
    sessionId: text('session_id').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (table) => [
    index('otp_codes_session_id_idx').on(table.sessionId),
    index('otp_codes_user_created_idx').on(table.userId, table.createdAt),
    check('otp_codes_attempts_not_negative', sql`${table.attempts} >= 0`),
    check('otp_codes_expiry_after_creation', sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);

/** Password reset links: the key is the sha256 hex of the mailed token; single use, short-lived. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: deletedWithUser(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (table) => [
    index('password_resets_user_id_idx').on(table.userId),
    check('password_resets_expiry_after_creation', sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);

/**
 * Events the sign-in limits count (failed logins per address and per account, failed codes, reset mails).
 * `subject` is what the limit is about: a lowercased email, an IP address or a user id, by `kind`.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    success: boolean('success').notNull().default(false),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [index('auth_attempts_kind_subject_idx').on(table.kind, table.subject, table.createdAt)],
);

/** Accounts locked after too many failed codes; a password reset or the end of the lock frees them. */
export const accountLocks = pgTable('account_locks', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  lockedAt: instant('locked_at').notNull(),
  lockedUntil: instant('locked_until').notNull(),
});

/** Mail waiting to be sent (ARCHITECTURE §4): written in the same transaction as what caused it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: instant('created_at').notNull(),
    sentAt: instant('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [
    index('mail_outbox_unsent_idx').on(table.sentAt, table.createdAt),
    check('mail_outbox_attempts_not_negative', sql`${table.attempts} >= 0`),
    check('mail_outbox_to_present', sql`position('@' in ${table.to}) > 1`),
  ],
);
