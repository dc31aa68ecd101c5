import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { users } from './people';

/**
 * A sign-in with the school's identity provider in progress (issue 44): the secrets of one round trip, kept
 * on the server and bound to the browser that started it by a cookie whose sha256 is the key. Short-lived and
 * single use: the callback marks it used before it reads the provider's answer.
 */
export const providerSignInAttempts = pgTable(
  'provider_sign_in_attempts',
  {
    /** sha256 hex of the attempt cookie's token. */
    id: text('id').primaryKey(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** The page first asked for (a path of the app, checked at the start), where the sign-in ends. */
    returnPath: text('return_path'),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (table) => [index('provider_sign_in_attempts_expires_idx').on(table.expiresAt)],
);

/**
 * The identity provider's account an account signed in with: the provider's issuer and subject (`sub`, which
 * stays when an address changes), the address it vouched for, and the latest such sign-in. Shown to admins
 * as the account's sign-in methods.
 */
export const providerLinks = pgTable(
  'provider_links',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    firstSignInAt: instant('first_sign_in_at').notNull(),
    lastSignInAt: instant('last_sign_in_at').notNull(),
  },
  (table) => [uniqueIndex('provider_links_subject_unique').on(table.issuer, table.subject)],
);
