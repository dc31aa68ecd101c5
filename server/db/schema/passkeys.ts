import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { deletedWithUser } from './people';

/**
 * Passkeys (WebAuthn credentials) a user registered in the profile (issue 44): a new browser asks for one
 * instead of the mailed code. The public key and the credential id are the authenticator's, base64url; the
 * signature counter is kept to notice a cloned authenticator.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: deletedWithUser(),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: instant('created_at').notNull(),
    lastUsedAt: instant('last_used_at'),
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
    userId: deletedWithUser(),
    sessionId: text('session_id').notNull(),
    purpose: text('purpose').notNull(),
    challenge: text('challenge').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (table) => [
    uniqueIndex('passkey_challenges_session_purpose_idx').on(table.sessionId, table.purpose),
    check('passkey_challenges_purpose', sql`${table.purpose} in ('registration', 'authentication')`),
    check('passkey_challenges_expiry_after_creation', sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);
