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
  otpFailure: 'otp_failure',
  otpResend: 'otp_resend',
  resetMail: 'reset_mail',
} as const;
export type AttemptKind = (typeof AttemptKind)[keyof typeof AttemptKind];

/** 429 with a code the UI translates and the seconds to wait, when known. */
export function tooMany(code: string, retryAfterSeconds?: number): HttpError {
  const error = new HttpError(429, { message: code, code });
  if (retryAfterSeconds !== undefined) error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return error;
}

/** Records one attempt. */
export async function recordAttempt(
  db: Executor,
  kind: AttemptKind,
  subject: string,
  now: Date,
): Promise<void> {
  await db
    .insert(authAttempts)
    .values({ kind, subject, createdAt: now, success: kind === AttemptKind.loginSuccess });
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

/**
 * Refuses a sign-in before the password is even checked when the address sent too many wrong passwords this
 * minute, the account took too many this hour, or its last five attempts all failed and the latest is
 * recent (the soft lock). Counted per email text, so an unknown address is limited exactly like a real one.
 */
export async function assertLoginAllowed(
  db: Executor,
  email: string,
  address: string,
  now: Date,
): Promise<void> {
  const minuteAgo = new Date(now.getTime() - 60_000);
  if (
    (await attemptsSince(db, AttemptKind.loginFailureAddress, address, minuteAgo)) >=
    AUTH_LIMITS.loginFailuresPerMinutePerAddress
  )
    throw tooMany(ErrorCode.tooManyRequests, 60);

  const hourAgo = new Date(now.getTime() - 60 * 60_000);
  if ((await attemptsSince(db, AttemptKind.loginFailure, email, hourAgo)) >= AUTH_LIMITS.loginFailuresPerHour)
    throw tooMany(ErrorCode.loginLocked, 60 * 60);

  const recent = await db
    .select({ kind: authAttempts.kind, createdAt: authAttempts.createdAt })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.subject, email),
        inArray(authAttempts.kind, [AttemptKind.loginFailure, AttemptKind.loginSuccess]),
        gt(authAttempts.createdAt, hourAgo),
      ),
    )
    .orderBy(desc(authAttempts.createdAt))
    .limit(AUTH_LIMITS.loginSoftLockFailures);
  const latest = recent[0];
  const allFailed =
    recent.length === AUTH_LIMITS.loginSoftLockFailures &&
    recent.every((row) => row.kind === AttemptKind.loginFailure);
  if (!allFailed || !latest) return;
  const waitMs = latest.createdAt.getTime() + AUTH_LIMITS.loginSoftLockMs - now.getTime();
  if (waitMs > 0) throw tooMany(ErrorCode.loginLocked, waitMs / 1000);
}
