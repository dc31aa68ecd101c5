import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AUTH_LIMITS } from '../../../domain/auth';
import type { Locale } from '../../../domain/locales';
import type { AccountRole } from '../../../domain/roles';
import type { Database, Transaction } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { ChangeFeed } from '../../feed/change-feed';
import type { Mailer } from '../../mail/outbox';
import type { PasswordHasher } from '../../passwords';
import { issuePasswordLink } from '../auth/password-service';

/** What the people calls need: the database, the change feed, mail (invitations) and the clock. */
export interface PeopleDeps {
  db: Database;
  feed: ChangeFeed;
  mailer: Mailer;
  passwords: PasswordHasher;
  now: () => Date;
  /** Origin of the links in invitation mail. */
  publicUrl: string;
}

/** A new account to invite: who, in which role and language, under the writing transaction's sequence. */
export interface InvitedAccount {
  email: string;
  name: string;
  role: AccountRole;
  locale: Locale;
  seq: number;
  /** The hash of a secret nobody knows: the account cannot sign in before it chooses a password. */
  unusableHash: string;
}

/**
 * Creates an account that cannot sign in yet and mails it a single-use link (valid
 * `AUTH_LIMITS.inviteTtlMs`) to the choose-password screen, in the account's language: the invitation of
 * staff (`POST /api/users/invite`, `/api/observers/invite`) and of guardians (issue 43). The caller holds
 * `lockAccountWrites` and has checked the address is free.
 */
export async function insertInvitedAccount(
  tx: Transaction,
  deps: Pick<PeopleDeps, 'mailer' | 'now' | 'publicUrl'>,
  account: InvitedAccount,
): Promise<{ id: string; email: string }> {
  const [user] = await queryRows(
    tx,
    sql`insert into users (email, name, role, password_hash, locale, seq)
        values (${account.email.toLowerCase()}, ${account.name}, ${account.role}, ${account.unusableHash},
          ${account.locale}, ${account.seq}) returning id::text as id, email`,
    z.object({ id: z.string(), email: z.string() }),
  );
  if (!user) throw new Error('invited user not inserted');
  await issuePasswordLink(tx, deps, { user, kind: 'invite', ttlMs: AUTH_LIMITS.inviteTtlMs });
  return user;
}
