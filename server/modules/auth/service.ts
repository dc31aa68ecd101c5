import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { AUTH_LIMITS } from '../../../domain/auth';
import { ErrorCode } from '../../../domain/errors';
import { isAccountRole } from '../../../domain/roles';
import type { LoginRequest, LoginResponse, OtpSentResponse } from '../../../domain/schemas/auth-account';
import { ValidationCode } from '../../../domain/validation-codes';
import { signInOpen } from '../../access/users';
import type { Database, Executor } from '../../db/client';
import { accountLocks, otpCodes, sessions, trustedDevices, users } from '../../db/schema';
import { HttpError, validationFailed } from '../../http-error';
import type { Mailer } from '../../mail/outbox';
import { recipientLocale } from '../../mail/recipient-locale';
import { lockedMail, otpMail } from '../../mail/templates';
import type { PasswordHasher } from '../../passwords';
import { createSession, endOtherSessions, endSession } from '../../plugins/session-store';
import {
  AttemptKind,
  assertLoginAllowed,
  attemptsSince,
  recordAttempt,
  recordLoginFailure,
  recordLoginSuccess,
  signedInFromBefore,
  tooMany,
} from './limits';
import { hasPasskeys } from './passkeys-store';

/** What the auth services need. */
export interface AuthDeps {
  db: Database;
  passwords: PasswordHasher;
  mailer: Mailer;
  now: () => Date;
}

/** The one answer to a wrong email or a wrong password, so the two cannot be told apart. */
export function invalidCredentials(): HttpError {
  return new HttpError(422, {
    message: ErrorCode.invalidCredentials,
    code: ErrorCode.invalidCredentials,
    errors: { email: [ErrorCode.invalidCredentials] },
  });
}

type ProfileRow = Pick<typeof users.$inferSelect, 'id' | 'name' | 'role' | 'mustChangePassword' | 'avatar'>;

/** The sign-in state of one session. */
export interface SessionState {
  otpVerified: boolean;
  trustedDevice: boolean;
}

function toLoginResponse(user: ProfileRow, state: SessionState): LoginResponse | null {
  if (!isAccountRole(user.role)) return null;
  return {
    id: user.id,
    name: user.name,
    role: user.role,
    must_change_password: user.mustChangePassword,
    is_trusted: state.trustedDevice,
    verified_otp: state.otpVerified,
    avatar: user.avatar,
  };
}

/** The database key of a device or reset token. */
export function tokenKey(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function codeHash(sessionId: string, code: string): string {
  return createHash('sha256').update(`${sessionId}:${code}`).digest('hex');
}

/** Whether the device cookie is a live trusted device of the account with this email. */
async function isTrustedDeviceOf(
  db: Executor,
  email: string,
  deviceToken: string | undefined,
  now: Date,
): Promise<boolean> {
  if (!deviceToken || deviceToken.length > 128) return false;
  const [row] = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .innerJoin(users, eq(users.id, trustedDevices.userId))
    .where(
      and(
        eq(trustedDevices.id, tokenKey(deviceToken)),
        eq(users.email, email),
        gt(trustedDevices.expiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

async function lockOf(db: Executor, userId: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ until: accountLocks.lockedUntil })
    .from(accountLocks)
    .where(and(eq(accountLocks.userId, userId), gt(accountLocks.lockedUntil, now)))
    .limit(1);
  return row?.until ?? null;
}

function accountLocked(until: Date, now: Date): HttpError {
  return tooMany(ErrorCode.accountLocked, (until.getTime() - now.getTime()) / 1000);
}

/**
 * Checks the credentials within the limits and opens a session. An unknown email still verifies a password
 * (against a dummy hash), so the answer takes as long as for a known one. On an untrusted device the session
 * starts unverified and a code is mailed.
 */
export async function login(
  deps: AuthDeps,
  input: LoginRequest & {
    userAgent: string | undefined;
    previousSessionId: string | null;
    address: string;
    deviceToken: string | undefined;
    /** The sessions' absolute lifetime (`AppConfig.sessionLifetimeMs`); the default when absent. */
    sessionLifetimeMs?: number;
    /** Whether this server offers passkeys: an account with one then proves itself with it, not a code. */
    passkeysOffered?: boolean;
  },
): Promise<{ token: string; profile: LoginResponse }> {
  const now = deps.now();
  const email = input.email.toLowerCase();
  const client = { email, address: input.address };
  const trusted = await isTrustedDeviceOf(deps.db, email, input.deviceToken, now);
  const knownClient = trusted || (await signedInFromBefore(deps.db, email, input.address, now));
  await assertLoginAllowed(deps.db, { ...client, knownClient }, now);
  const [user] = await deps.db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      mustChangePassword: users.mustChangePassword,
      avatar: users.avatar,
      passwordHash: users.passwordHash,
      closed: sql<boolean>`not ${signInOpen(sql`${users}`)}`,
    })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  const matches = await deps.passwords.verify(user?.passwordHash, input.password);
  // A blocked, deleted or deactivated account answers like a wrong password: the form tells nothing more.
  if (!user || !matches || user.closed || !isAccountRole(user.role)) {
    await recordLoginFailure(deps.db, client, now);
    throw invalidCredentials();
  }
  const lockedUntil = await lockOf(deps.db, user.id, now);
  if (lockedUntil) throw accountLocked(lockedUntil, now);
  await recordLoginSuccess(deps.db, client, now);

  // A new session on every sign-in: a session id planted before login is never promoted.
  if (input.previousSessionId) await endSession(deps.db, input.previousSessionId);
  const token = await createSession(deps.db, {
    userId: user.id,
    userAgent: input.userAgent,
    now,
    trustedDevice: trusted,
    lifetimeMs: input.sessionLifetimeMs,
  });
  // An account with a passkey is asked for it instead of a mailed code; the code stays one tap away.
  const passkeyStep = !trusted && input.passkeysOffered === true && (await hasPasskeys(deps.db, user.id));
  if (!trusted && !passkeyStep) {
    await issueCode(deps, { userId: user.id, email: user.email, sessionId: tokenKey(token) });
  }
  const profile = toLoginResponse(user, { otpVerified: trusted, trustedDevice: trusted });
  if (!profile) throw invalidCredentials();
  return { token, profile: passkeyStep ? { ...profile, passkey_step: true } : profile };
}

/** Mails a new code bound to the session; earlier codes of the session stop working. */
async function issueCode(
  deps: AuthDeps,
  input: { userId: string; email: string; sessionId: string },
): Promise<void> {
  const now = deps.now();
  const code = String(randomInt(0, 10 ** AUTH_LIMITS.otpDigits)).padStart(AUTH_LIMITS.otpDigits, '0');
  await deps.db.transaction(async (tx) => {
    await tx
      .update(otpCodes)
      .set({ usedAt: now })
      .where(and(eq(otpCodes.sessionId, input.sessionId), isNull(otpCodes.usedAt)));
    await tx.insert(otpCodes).values({
      userId: input.userId,
      sessionId: input.sessionId,
      codeHash: codeHash(input.sessionId, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + AUTH_LIMITS.otpTtlMs),
    });
    const locale = await recipientLocale(tx, input.userId);
    await deps.mailer.enqueue(tx, otpMail(input.email, locale, code, AUTH_LIMITS.otpTtlMs / 60_000), now);
  });
  deps.mailer.kick();
}

/**
 * `POST /api/otp`: another code for the session, within the limits: one a minute per session (the screen's
 * countdown) and three resends in 15 minutes per account. The code a sign-in sends is bounded by the login
 * limits instead, and all guessing by the daily failure lock.
 */
export async function resendCode(
  deps: AuthDeps,
  input: { userId: string; sessionId: string },
): Promise<OtpSentResponse> {
  const now = deps.now();
  const lockedUntil = await lockOf(deps.db, input.userId, now);
  if (lockedUntil) throw accountLocked(lockedUntil, now);
  const [latest] = await deps.db
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(eq(otpCodes.sessionId, input.sessionId))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  const resendMs = AUTH_LIMITS.otpResendSeconds * 1000;
  if (latest && now.getTime() - latest.createdAt.getTime() < resendMs)
    throw tooMany(ErrorCode.otpResendLimit, (latest.createdAt.getTime() + resendMs - now.getTime()) / 1000);
  const windowStart = new Date(now.getTime() - 15 * 60_000);
  if (
    (await attemptsSince(deps.db, AttemptKind.otpResend, input.userId, windowStart)) >=
    AUTH_LIMITS.otpCodesPer15Minutes
  )
    throw tooMany(ErrorCode.otpResendLimit, 15 * 60);
  const [user] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!user) throw new HttpError(401, { message: 'Unauthenticated', code: ErrorCode.unauthenticated });
  await recordAttempt(deps.db, AttemptKind.otpResend, input.userId, now);
  await issueCode(deps, { userId: input.userId, email: user.email, sessionId: input.sessionId });
  return { resend_in: AUTH_LIMITS.otpResendSeconds };
}

/**
 * `POST /api/verify-otp`: checks the session's current code. Five wrong guesses spend the code; ten wrong codes
 * in a day lock the account and tell the user by mail. The right code verifies the session and, when asked,
 * trusts this device for 30 days (the returned token goes into the device cookie).
 */
export async function verifyCode(
  deps: AuthDeps,
  input: {
    userId: string;
    sessionId: string;
    code: string;
    trustDevice: boolean;
    userAgent: string | undefined;
  },
): Promise<{ deviceToken: string | null; profile: LoginResponse }> {
  const now = deps.now();
  await assertNotLocked(deps.db, input.userId, now);
  const [current] = await deps.db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.sessionId, input.sessionId), isNull(otpCodes.usedAt)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!current || current.expiresAt <= now) throw validationFailed({ code: [ValidationCode.otpExpired] });
  if (current.attempts >= AUTH_LIMITS.otpGuessesPerCode) throw tooMany(ErrorCode.otpTooManyAttempts);

  if (current.codeHash !== codeHash(input.sessionId, input.code)) {
    await deps.db
      .update(otpCodes)
      .set({ attempts: current.attempts + 1 })
      .where(eq(otpCodes.id, current.id));
    await countSecondStepFailure(deps, input.userId, now);
    if (current.attempts + 1 >= AUTH_LIMITS.otpGuessesPerCode) throw tooMany(ErrorCode.otpTooManyAttempts);
    throw validationFailed({ code: [ValidationCode.otpInvalid] });
  }

  return completeSecondStep(deps, input, async (tx) => {
    await tx.update(otpCodes).set({ usedAt: now }).where(eq(otpCodes.id, current.id));
  });
}

/**
 * Counts a failed second step (a wrong code, a passkey that did not prove the account): ten in a day lock the
 * account and tell the user by mail.
 */
export async function countSecondStepFailure(deps: AuthDeps, userId: string, now: Date): Promise<void> {
  await recordAttempt(deps.db, AttemptKind.otpFailure, userId, now);
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
  if (
    (await attemptsSince(deps.db, AttemptKind.otpFailure, userId, dayAgo)) >= AUTH_LIMITS.otpFailuresPerDay
  ) {
    const until = await lockAccount(deps, userId, now);
    throw accountLocked(until, now);
  }
}

/** Refuses the second step of an account locked after too many failed ones. */
export async function assertNotLocked(db: Executor, userId: string, now: Date): Promise<void> {
  const lockedUntil = await lockOf(db, userId, now);
  if (lockedUntil) throw accountLocked(lockedUntil, now);
}

/**
 * Ends a second step that proved the account (the mailed code, a passkey): `spend` uses up what proved it, in
 * the same transaction that verifies the session and, when asked, trusts this device for 30 days (the returned
 * token goes into the device cookie).
 */
export async function completeSecondStep(
  deps: AuthDeps,
  input: { userId: string; sessionId: string; trustDevice: boolean; userAgent: string | undefined },
  spend: (tx: Executor) => Promise<void>,
): Promise<{ deviceToken: string | null; profile: LoginResponse }> {
  const now = deps.now();
  const deviceToken = input.trustDevice ? randomBytes(32).toString('base64url') : null;
  await deps.db.transaction(async (tx) => {
    await spend(tx);
    await tx
      .update(sessions)
      .set({ otpVerified: true, trustedDevice: deviceToken !== null })
      .where(eq(sessions.id, input.sessionId));
    if (deviceToken) {
      await tx.insert(trustedDevices).values({
        id: tokenKey(deviceToken),
        userId: input.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + AUTH_LIMITS.trustedDeviceDays * 24 * 60 * 60_000),
        userAgent: input.userAgent?.slice(0, 512) ?? null,
      });
    }
  });
  const profile = await profileOf(deps.db, input.userId, {
    otpVerified: true,
    trustedDevice: deviceToken !== null,
  });
  if (!profile) throw new HttpError(401, { message: 'Unauthenticated', code: ErrorCode.unauthenticated });
  return { deviceToken, profile };
}

async function lockAccount(deps: AuthDeps, userId: string, now: Date): Promise<Date> {
  const until = new Date(now.getTime() + AUTH_LIMITS.otpLockMs);
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(accountLocks)
      .values({ userId, reason: 'otp_failures', lockedAt: now, lockedUntil: until })
      .onConflictDoUpdate({
        target: accountLocks.userId,
        set: { lockedAt: now, lockedUntil: until, reason: 'otp_failures' },
      });
    // Whoever was guessing loses the half-open sessions; verified sessions of the owner stay.
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), eq(sessions.otpVerified, false)));
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    if (user) {
      const mail = lockedMail(
        user.email,
        await recipientLocale(tx, userId),
        AUTH_LIMITS.otpLockMs / 3_600_000,
      );
      await deps.mailer.enqueue(tx, mail, now);
    }
  });
  deps.mailer.kick();
  return until;
}

/** The login answer for an existing user in a session's state, or null when the user is gone. */
export async function profileOf(
  db: Executor,
  userId: string,
  state: SessionState,
): Promise<LoginResponse | null> {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      role: users.role,
      mustChangePassword: users.mustChangePassword,
      avatar: users.avatar,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user ? toLoginResponse(user, state) : null;
}

/** Ends the session of a sign-out. */
export async function logout(db: Database, sessionId: string): Promise<void> {
  await endSession(db, sessionId);
}

/**
 * What a password reset or change ends (issue 4): every other session and every trusted device, so the
 * code is asked again at the next sign-in anywhere.
 */
export async function endTrust(db: Executor, userId: string, keepSessionId: string | null): Promise<void> {
  await endOtherSessions(db, userId, keepSessionId);
  await db.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
}

/** Counts a user's live sessions (tests and the profile). */
export async function sessionCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
  return row?.n ?? 0;
}
