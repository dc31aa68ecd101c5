import { isIP } from 'node:net';
import {
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../domain/errors';
import type { LoginResponse } from '../../../domain/schemas/auth-account';
import type {
  PasskeyAuthenticateRequest,
  PasskeyEntry,
  PasskeyRegisterRequest,
} from '../../../domain/schemas/passkeys';
import { ValidationCode } from '../../../domain/validation-codes';
import { signInOpen } from '../../access/users';
import { type AppConfig, appPublicUrl, DEFAULT_PASSKEY_RP_NAME } from '../../config';
import type { Executor } from '../../db/client';
import { passkeys, users } from '../../db/schema';
import { HttpError, notFound, unauthenticated, validationFailed } from '../../http-error';
import { AttemptKind, attemptsSince, recordAttempt, tooMany } from './limits';
import { type ChallengePurpose, keepChallenge, passkeysOf, takeChallenge } from './passkeys-store';
import { type AuthDeps, assertNotLocked, completeSecondStep, countSecondStepFailure } from './service';

/** The WebAuthn relying party: the app's public URL's host, its origin, and the name authenticators show. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

/** How long a passkey challenge may be answered; the browser's own prompt gives up at the same time. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

/** Registrations an account may start in an hour (each one a challenge stored). */
export const PASSKEY_REGISTRATIONS_PER_HOUR = 10;

/**
 * The relying party of the app's public URL, or null where browsers allow no passkeys: a host that is an IP
 * address (a relying party id must be a domain), or plain http anywhere but localhost (not a secure context).
 */
export function relyingPartyOf(publicUrl: string, name: string): RelyingParty | null {
  const url = new URL(publicUrl);
  const host = url.hostname;
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return null;
  const localhost = host === 'localhost' || host.endsWith('.localhost');
  if (url.protocol !== 'https:' && !localhost) return null;
  return { id: host, name, origin: url.origin };
}

/** The relying party of the app's configuration (`PUBLIC_URL`, `PASSKEY_RP_NAME`), null when passkeys are off. */
export function relyingPartyOfConfig(
  config: Pick<AppConfig, 'publicUrl' | 'port' | 'passkeyRpName'>,
): RelyingParty | null {
  return relyingPartyOf(appPublicUrl(config), config.passkeyRpName ?? DEFAULT_PASSKEY_RP_NAME);
}

/** What the passkey services need: the auth services' parts and the relying party, null when passkeys are off. */
export interface PasskeyDeps extends AuthDeps {
  relyingParty: RelyingParty | null;
}

interface SessionOf {
  userId: string;
  sessionId: string;
}

function unavailable(): HttpError {
  return new HttpError(409, { message: ErrorCode.passkeysUnavailable, code: ErrorCode.passkeysUnavailable });
}

function refused(): HttpError {
  return validationFailed({ credential: [ValidationCode.passkeyRefused] });
}

function relyingPartyOfDeps(deps: PasskeyDeps): RelyingParty {
  if (!deps.relyingParty) throw unavailable();
  return deps.relyingParty;
}

/**
 * The account behind a session, refused when it may not sign in (blocked, deactivated, removed: the session
 * lookup refuses those already; this holds for a call that raced the block) or is locked after failed steps.
 */
async function openAccount(db: Executor, userId: string, now: Date) {
  const [user] = await db
    .select({
      email: users.email,
      name: users.name,
      open: sql<boolean>`${signInOpen(sql`${users}`)}`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user?.open) throw unauthenticated();
  await assertNotLocked(db, userId, now);
  return user;
}

function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(base64url, 'base64url'));
}

function entryOf(row: typeof passkeys.$inferSelect): PasskeyEntry {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** `GET /api/passkeys`: whether passkeys are offered here, and the caller's. */
export async function listPasskeys(deps: PasskeyDeps, userId: string) {
  const rows = await passkeysOf(deps.db, userId);
  return { available: deps.relyingParty !== null, data: rows.map(entryOf) };
}

async function handOutChallenge(
  deps: PasskeyDeps,
  session: SessionOf,
  purpose: ChallengePurpose,
  challenge: string,
) {
  await keepChallenge(deps.db, {
    ...session,
    purpose,
    challenge,
    now: deps.now(),
    ttlMs: PASSKEY_CHALLENGE_TTL_MS,
  });
}

/** The stored challenge a ceremony answers, taken out (single use); `passkey_expired` when there is none. */
async function challengeFor(
  deps: PasskeyDeps,
  session: SessionOf,
  purpose: ChallengePurpose,
): Promise<string> {
  const challenge = await takeChallenge(deps.db, { ...session, purpose, now: deps.now() });
  if (!challenge) throw validationFailed({ credential: [ValidationCode.passkeyExpired] });
  return challenge;
}

/**
 * `POST /api/passkeys/registration-options`: options for the browser to make a new passkey of the account,
 * its existing ones excluded. Counted: ten an hour per account.
 */
export async function registrationOptions(deps: PasskeyDeps, session: SessionOf) {
  const rp = relyingPartyOfDeps(deps);
  const now = deps.now();
  const user = await openAccount(deps.db, session.userId, now);
  const hourAgo = new Date(now.getTime() - 60 * 60_000);
  if (
    (await attemptsSince(deps.db, AttemptKind.passkeyRegistration, session.userId, hourAgo)) >=
    PASSKEY_REGISTRATIONS_PER_HOUR
  )
    throw tooMany(ErrorCode.tooManyRequests, 60 * 60);
  await recordAttempt(deps.db, AttemptKind.passkeyRegistration, session.userId, now);
  const existing = await passkeysOf(deps.db, session.userId);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: new Uint8Array(Buffer.from(session.userId.replaceAll('-', ''), 'hex')),
    userName: user.email,
    userDisplayName: user.name,
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await handOutChallenge(deps, session, 'registration', options.challenge);
  return options;
}

/** `POST /api/passkeys`: checks the browser's new credential against the session's challenge and keeps it. */
export async function registerPasskey(
  deps: PasskeyDeps,
  session: SessionOf,
  input: PasskeyRegisterRequest,
): Promise<PasskeyEntry> {
  const rp = relyingPartyOfDeps(deps);
  const now = deps.now();
  await openAccount(deps.db, session.userId, now);
  const expectedChallenge = await challengeFor(deps, session, 'registration');
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: input.credential,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    // The library throws on every malformed or mismatched part; none of its words reach the client.
    throw refused();
  }
  if (!verified.verified) throw refused();
  const { credential } = verified.registrationInfo;
  const [row] = await deps.db
    .insert(passkeys)
    .values({
      userId: session.userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: input.name,
      createdAt: now,
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  // The same authenticator registered twice (to this account or another): the first registration stands.
  if (!row) throw refused();
  return entryOf(row);
}

/** `DELETE /api/passkeys/:passkeyId`: removes one of the caller's passkeys; another's is not found. */
export async function removePasskey(db: Executor, userId: string, passkeyId: string): Promise<void> {
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (removed.length === 0) throw notFound();
}

/**
 * `POST /api/passkeys/authentication-options`: the second step of a sign-in, options naming the account's
 * passkeys (`allowCredentials`), so the browser offers only those.
 */
export async function authenticationOptions(deps: PasskeyDeps, session: SessionOf) {
  const rp = relyingPartyOfDeps(deps);
  await openAccount(deps.db, session.userId, deps.now());
  const own = await passkeysOf(deps.db, session.userId);
  if (own.length === 0) throw refused();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: own.map((row) => ({ id: row.credentialId, transports: row.transports })),
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    userVerification: 'preferred',
  });
  await handOutChallenge(deps, session, 'authentication', options.challenge);
  return options;
}

/**
 * `POST /api/passkeys/authenticate`: checks the assertion against the session's challenge and one of the
 * account's own passkeys (signature, origin, relying party, and the signature counter against a cloned
 * authenticator). It verifies the session like the mailed code; a failure counts like a wrong code.
 */
export async function authenticateWithPasskey(
  deps: PasskeyDeps,
  session: SessionOf & { userAgent: string | undefined },
  input: PasskeyAuthenticateRequest,
): Promise<{ deviceToken: string | null; profile: LoginResponse }> {
  const rp = relyingPartyOfDeps(deps);
  const now = deps.now();
  await openAccount(deps.db, session.userId, now);
  const expectedChallenge = await challengeFor(deps, session, 'authentication');
  const [stored] = await deps.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialId, input.credential.id), eq(passkeys.userId, session.userId)))
    .limit(1);
  let newCounter: number | null = null;
  if (stored) {
    try {
      const verified = await verifyAuthenticationResponse({
        response: input.credential,
        expectedChallenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: stored.credentialId,
          publicKey: bytesOf(stored.publicKey),
          counter: stored.counter,
          transports: stored.transports as AuthenticatorTransport[],
        },
        requireUserVerification: false,
      });
      if (verified.verified) newCounter = verified.authenticationInfo.newCounter;
    } catch {
      // A bad signature, a foreign origin, a counter gone backwards (a cloned authenticator): refused alike.
    }
  }
  if (!stored || newCounter === null) {
    await countSecondStepFailure(deps, session.userId, now);
    throw refused();
  }
  const counter = newCounter;
  return completeSecondStep(
    deps,
    {
      userId: session.userId,
      sessionId: session.sessionId,
      trustDevice: input.trust_device,
      userAgent: session.userAgent,
    },
    async (tx) => {
      await tx.update(passkeys).set({ counter, lastUsedAt: now }).where(eq(passkeys.id, stored.id));
    },
  );
}
