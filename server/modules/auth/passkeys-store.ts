import { and, eq, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passkeyChallenges, passkeys } from '../../db/schema';

/** What a passkey challenge was handed out for. */
export type ChallengePurpose = 'registration' | 'authentication';

/** Whether the account has registered a passkey. */
export async function hasPasskeys(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** The passkeys of an account, oldest first. */
export function passkeysOf(db: Executor, userId: string) {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(passkeys.createdAt, passkeys.id);
}

/** Keeps the challenge handed to a session for a purpose; it replaces the one handed out before. */
export async function keepChallenge(
  db: Executor,
  input: {
    userId: string;
    sessionId: string;
    purpose: ChallengePurpose;
    challenge: string;
    now: Date;
    ttlMs: number;
  },
): Promise<void> {
  const values = {
    userId: input.userId,
    sessionId: input.sessionId,
    purpose: input.purpose,
    challenge: input.challenge,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + input.ttlMs),
  };
  // The account's challenges nobody answered in time go as a new one comes.
  await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.userId, input.userId), lte(passkeyChallenges.expiresAt, input.now)));
  await db
    .insert(passkeyChallenges)
    .values(values)
    .onConflictDoUpdate({ target: [passkeyChallenges.sessionId, passkeyChallenges.purpose], set: values });
}

/**
 * Takes the session's live challenge for a purpose out of the store, so it answers one check only; null when
 * none was handed out, it was used, or it expired.
 */
export async function takeChallenge(
  db: Executor,
  input: { userId: string; sessionId: string; purpose: ChallengePurpose; now: Date },
): Promise<string | null> {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.sessionId, input.sessionId),
        eq(passkeyChallenges.purpose, input.purpose),
        eq(passkeyChallenges.userId, input.userId),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge, expiresAt: passkeyChallenges.expiresAt });
  return row && row.expiresAt > input.now ? row.challenge : null;
}
