import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLE_LIST } from '../../../domain/roles';
import { instant } from './columns';
import { deletedWithUser, users } from './people';

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

/**
 * The answer to a write already done, by its client key, so an offline replay of the same post is answered
 * again instead of applied twice.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: deletedWithUser(),
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
