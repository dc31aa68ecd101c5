import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SyncCollection } from '../../../domain/sync';
import type { Transaction } from '../../db/client';
import type { ChangeFeed } from '../../feed/change-feed';
import type { PasswordHasher } from '../../passwords';

// The pieces of an account write that the people module (staff, students, guardians) and the auth module (a
// student's first sign-in through the school's identity provider) share, here so neither imports the other.

/**
 * Tells every device that people changed (and the collections a placement or a removal also touched), after
 * the transaction committed. Everybody hears it: each pull is narrowed by its user's scope, and a name is
 * shown on every sheet that lists the person.
 */
export async function publishPeopleChange(
  deps: { feed: ChangeFeed },
  also: readonly SyncCollection[] = [],
): Promise<void> {
  await deps.feed.publishChange(['people', ...also], 'all');
}

/** The hash of a secret nobody knows, for accounts that must choose their password through the invitation. */
export async function unusablePasswordHash(deps: { passwords: PasswordHasher }): Promise<string> {
  return deps.passwords.hash(randomBytes(32).toString('base64url'));
}

/**
 * Serialises writes of accounts (new students, invitations, edits of an email or a student number) within a
 * transaction, so two of them cannot both find the same address or number free.
 */
export async function lockAccountWrites(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('people:accounts'))`);
}
