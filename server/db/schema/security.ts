import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLE_LIST } from '../../../domain/roles';
import { users } from './people';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// Every secret below is stored as the sha256 hex of what the user holds, never the value itself, as sessions do.

/** An invitation to become a teacher, observer or admin (SPEC §7 `invite`), accepted once before it expires. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: smallint('role').notNull(),
    universityIds: uuid('university_ids').array().notNull().default(sql`'{}'::uuid[]`),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    acceptedAt: instant('accepted_at'),
  },
  (table) => [
    uniqueIndex('invitations_token_hash_unique').on(table.tokenHash),
    index('invitations_email_idx').on(table.email),
    check('invitations_email_lowercase', sql`${table.email} = lower(${table.email})`),
    check('invitations_role_valid', sql`${table.role} in (${sql.raw(ROLE_LIST.join(', '))})`),
    check('invitations_expiry_after_creation', sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);

/** A browser that skips the two-step code for 30 days (SPEC §4), identified by a cookie token. */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    createdAt: instant('created_at').notNull().defaultNow(),
    lastUsedAt: instant('last_used_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
  },
  (table) => [
    uniqueIndex('trusted_devices_token_hash_unique').on(table.tokenHash),
    index('trusted_devices_user_id_idx').on(table.userId),
    check('trusted_devices_expiry_after_creation', sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);

/**
 * A two-step sign-in code (ARCHITECTURE §4): six digits by mail, bound to one login attempt, valid ten
 * minutes, used once; `attempts` counts wrong guesses for the rate limit.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attemptHash: text('attempt_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    consumedAt: instant('consumed_at'),
  },
  (table) => [
    uniqueIndex('otp_codes_attempt_hash_unique').on(table.attemptHash),
    index('otp_codes_user_id_idx').on(table.userId),
    check('otp_codes_attempts_not_negative', sql`${table.attempts} >= 0`),
    check('otp_codes_expiry_after_creation', sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);

/** A password-reset link (SPEC §2 `/reset-password/{token}`), used once before it expires. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (table) => [
    uniqueIndex('password_resets_token_hash_unique').on(table.tokenHash),
    index('password_resets_user_id_idx').on(table.userId),
    check('password_resets_expiry_after_creation', sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);

/**
 * Mail waiting to be sent (ARCHITECTURE §4): written in the transaction that decides it, sent (or logged
 * without SMTP) afterwards. `sent_at` null means pending; `attempts` and `last_error` record failures.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: instant('created_at').notNull().defaultNow(),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    sentAt: instant('sent_at'),
  },
  (table) => [
    index('mail_outbox_pending_idx').on(table.nextAttemptAt).where(sql`${table.sentAt} is null`),
    check('mail_outbox_attempts_not_negative', sql`${table.attempts} >= 0`),
    check('mail_outbox_to_address_present', sql`position('@' in ${table.toAddress}) > 1`),
  ],
);

/**
 * The answer to a write already done, by its client key, so an offline replay of the same post is answered
 * again instead of applied twice.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: smallint('response_status').notNull(),
    responseBody: jsonb('response_body'),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
  },
  (table) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [table.userId, table.key] }),
    index('idempotency_keys_expires_at_idx').on(table.expiresAt),
    check('idempotency_keys_key_length', sql`char_length(${table.key}) between 1 and 128`),
    check('idempotency_keys_status_range', sql`${table.responseStatus} between 100 and 599`),
  ],
);
