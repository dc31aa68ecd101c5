import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './people';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Passkeys (WebAuthn credentials) a user registered in the profile (issue 44): a new browser asks for one
 * instead of the mailed code. The public key and the credential id are the authenticator's, base64url; the
 * signature counter is kept to notice a cloned authenticator.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: at('created_at').notNull(),
    lastUsedAt: at('last_used_at'),
  },
  (table) => [
    uniqueIndex('passkeys_credential_id_idx').on(table.credentialId),
    index('passkeys_user_id_idx').on(table.userId),
  ],
);

/**
 * The WebAuthn challenges the server handed out, one per session and purpose: a new one replaces the old,
 * a check takes it out (single use) and an expired one is refused.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    purpose: text('purpose').notNull(),
    challenge: text('challenge').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [
    uniqueIndex('passkey_challenges_session_purpose_idx').on(table.sessionId, table.purpose),
    check('passkey_challenges_purpose', sql`${table.purpose} in ('registration', 'authentication')`),
    check('passkey_challenges_expiry_after_creation', sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);
