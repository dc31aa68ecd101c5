import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import { AUTH_LIMITS } from '../../../domain/auth';
import { ErrorCode } from '../../../domain/errors';
import type { Executor } from '../../db/client';
import { authAttempts } from '../../db/schema';
import { HttpError } from '../../http-error';

/** What an attempt row counts. */
export const AttemptKind = {
  loginFailure: 'login_failure',
  loginSuccess: 'login_success',
  loginFailureAddress: 'login_failure_address',
  loginFailurePair: 'login_failure_pair',
  loginSuccessPair: 'login_success_pair',
  otpFailure: 'otp_failure',
  otpResend: 'otp_resend',
  resetMail: 'reset_mail',
  passkeyRegistration: 'passkey_registration',
} as const;
export type AttemptKind = (typeof AttemptKind)[keyof typeof AttemptKind];

/** 429 with a code the UI translates and the seconds to wait, when known. */
export function tooMany(code: string, retryAfterSeconds?: number): HttpError {
  const error = new HttpError(429, { message: code, code });
  if (retryAfterSeconds !== undefined) error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return error;
}

/** Records one attempt (`success` marks the kinds that count successes). */
export async function recordAttempt(
  db: Executor,
  kind: AttemptKind,
  subject: string,
  now: Date,
): Promise<void> {
  await db.insert(authAttempts).values({
    kind,
    subject,
    createdAt: now,
    success: kind === AttemptKind.loginSuccess || kind === AttemptKind.loginSuccessPair,
  });
}

/** How many attempts of a kind a subject made after `since`. */
export async function attemptsSince(
  db: Executor,
  kind: AttemptKind,
  subject: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(
      and(eq(authAttempts.kind, kind), eq(authAttempts.subject, subject), gt(authAttempts.createdAt, since)),
    );
  return row?.n ?? 0;
}

/** The subject of the attempts of one account from one address. */
function pairOf(email: string, address: string): string {
  return `${email}|${address}`;
}

/** The latest attempt of a kind by a subject after `since`. */
async function latestAttempt(
  db: Executor,
  kind: AttemptKind,
  subject: string,
  since: Date,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: authAttempts.createdAt })
    .from(authAttempts)
    .where(
      and(eq(authAttempts.kind, kind), eq(authAttempts.subject, subject), gt(authAttempts.createdAt, since)),
    )
    .orderBy(desc(authAttempts.createdAt))
    .limit(1);
  return row?.createdAt;
}

/**
 * Whether the client is one the account already knows: the address signed in to it within the last 30 days.
 * (A trusted device of the account counts too; the caller knows that from the device cookie.) Known clients
 * pass the account-wide and address-wide limits, so neither can be turned against the people who use them.
 */
export async function signedInFromBefore(
  db: Executor,
  email: string,
  address: string,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - AUTH_LIMITS.loginKnownAddressMs);
  return (await latestAttempt(db, AttemptKind.loginSuccessPair, pairOf(email, address), since)) !== undefined;
}

/**
 * The sign-in limits (ASVS 5.0 V6.3: stop guessing without letting anyone lock real users out), checked
 * before the password is. Counted per email text, so an unknown address is limited exactly like a real one.
 *
 * 1. One account from one address: after 5 wrong passwords in a row the pair waits 30 s, doubled by each
 *    further failure up to 15 minutes. This stops guessing a password; the owner elsewhere is untouched.
 * 2. One account from everywhere: past 100 wrong passwords in an hour (a guess spread over many addresses),
 *    only known clients may try it, so a distributed attack cannot lock the owner out.
 * 3. One address for every account: past 30 wrong passwords in a minute (credential stuffing), its unknown
 *    clients are slowed, each try waiting 1 s after the address's last failure, doubled by every failure over
 *    the limit up to a minute; its known clients (a school's students behind one router) sign in as usual.
 */
export async function assertLoginAllowed(
  db: Executor,
  input: { email: string; address: string; knownClient: boolean },
  now: Date,
): Promise<void> {
  const { email, address, knownClient } = input;
  await assertPairWaited(db, pairOf(email, address), now);
  if (knownClient) return;

  const hourAgo = new Date(now.getTime() - 60 * 60_000);
  if ((await attemptsSince(db, AttemptKind.loginFailure, email, hourAgo)) >= AUTH_LIMITS.loginFailuresPerHour)
    throw tooMany(ErrorCode.loginLocked, 60 * 60);

  const minuteAgo = new Date(now.getTime() - 60_000);
  const addressFailures = await attemptsSince(db, AttemptKind.loginFailureAddress, address, minuteAgo);
  const over = addressFailures - AUTH_LIMITS.loginFailuresPerMinutePerAddress;
  if (over < 0) return;
  const latest = await latestAttempt(db, AttemptKind.loginFailureAddress, address, minuteAgo);
  const waitMs = Math.min(1000 * 2 ** over, AUTH_LIMITS.loginAddressMaxWaitMs);
  const remainingMs = (latest?.getTime() ?? 0) + waitMs - now.getTime();
  if (remainingMs > 0) throw tooMany(ErrorCode.tooManyRequests, remainingMs / 1000);
}

/** Rule 1: the wait of an account and address pair whose latest attempts all failed. */
async function assertPairWaited(db: Executor, pair: string, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
  const recent = await db
    .select({ kind: authAttempts.kind, createdAt: authAttempts.createdAt })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.subject, pair),
        inArray(authAttempts.kind, [AttemptKind.loginFailurePair, AttemptKind.loginSuccessPair]),
        gt(authAttempts.createdAt, dayAgo),
      ),
    )
    .orderBy(desc(authAttempts.createdAt))
    .limit(AUTH_LIMITS.loginSoftLockFailures + 6);
  const inARow = recent.findIndex((row) => row.kind !== AttemptKind.loginFailurePair);
  const failures = inARow === -1 ? recent.length : inARow;
  const latest = recent[0];
  if (failures < AUTH_LIMITS.loginSoftLockFailures || !latest) return;
  const waitMs = Math.min(
    AUTH_LIMITS.loginSoftLockMs * 2 ** (failures - AUTH_LIMITS.loginSoftLockFailures),
    AUTH_LIMITS.loginSoftLockMaxMs,
  );
  const remainingMs = latest.createdAt.getTime() + waitMs - now.getTime();
  if (remainingMs > 0) throw tooMany(ErrorCode.loginLocked, remainingMs / 1000);
}

/** Records a failed sign-in against every limit it counts for. */
export async function recordLoginFailure(
  db: Executor,
  input: { email: string; address: string },
  now: Date,
): Promise<void> {
  await recordAttempt(db, AttemptKind.loginFailure, input.email, now);
  await recordAttempt(db, AttemptKind.loginFailureAddress, input.address, now);
  await recordAttempt(db, AttemptKind.loginFailurePair, pairOf(input.email, input.address), now);
}

/** Records a successful sign-in: it ends the pair's run of failures and makes the address known. */
export async function recordLoginSuccess(
  db: Executor,
  input: { email: string; address: string },
  now: Date,
): Promise<void> {
  await recordAttempt(db, AttemptKind.loginSuccess, input.email, now);
  await recordAttempt(db, AttemptKind.loginSuccessPair, pairOf(input.email, input.address), now);
}
