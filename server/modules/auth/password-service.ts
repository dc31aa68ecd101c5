import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { AUTH_LIMITS } from '../../../domain/auth';
import { ErrorCode } from '../../../domain/errors';
import { ValidationCode } from '../../../domain/validation-codes';
import type { Executor } from '../../db/client';
import { accountLocks, passwordResets, users } from '../../db/schema';
import { HttpError, validationFailed } from '../../http-error';
import { recipientLocale } from '../../mail/recipient-locale';
import { chooseMail, inviteMail, resetMail } from '../../mail/templates';
import { AttemptKind, attemptsSince, recordAttempt, tooMany } from './limits';
import { type AuthDeps, endTrust, tokenKey } from './service';

/** Which mail a link request sends. */
export type LinkMailKind = 'reset' | 'choose' | 'invite';

/**
 * `POST /api/password/email` and `/api/edu-account/resend-choose-emails`: mails a single-use link when the
 * address belongs to an account. The answer is the same either way, and the limit (three an hour) counts
 * the address as typed, so it cannot tell a real account from an unknown one either.
 */
export async function requestPasswordLink(
  deps: AuthDeps & { publicUrl: string },
  input: { email: string; kind: LinkMailKind },
): Promise<void> {
  const now = deps.now();
  const email = input.email.toLowerCase();
  const hourAgo = new Date(now.getTime() - 60 * 60_000);
  if ((await attemptsSince(deps.db, AttemptKind.resetMail, email, hourAgo)) >= AUTH_LIMITS.resetMailsPerHour)
    throw tooMany(ErrorCode.resetMailLimit, 60 * 60);
  await recordAttempt(deps.db, AttemptKind.resetMail, email, now);
  const [user] = await deps.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!user) return;

  await deps.db.transaction(async (tx) => {
    await issuePasswordLink(tx, deps, { user, kind: input.kind, ttlMs: AUTH_LIMITS.resetTtlMs });
  });
  deps.mailer.kick();
}

const LINK_MAILS = { reset: resetMail, choose: chooseMail, invite: inviteMail } as const;

/**
 * Stores a single-use link for `user` and queues its mail in `tx`: the reset mail, or the mail that lets a new
 * or invited account choose its password. The link opens the choose-password screen
 * (`/reset-password/{token}`); until it is used the account has no password anyone knows. Call
 * `deps.mailer.kick()` after the transaction commits.
 */
export async function issuePasswordLink(
  tx: Executor,
  deps: { mailer: AuthDeps['mailer']; now: () => Date; publicUrl: string },
  input: { user: { id: string; email: string }; kind: LinkMailKind; ttlMs: number },
): Promise<void> {
  const now = deps.now();
  const token = randomBytes(32).toString('base64url');
  const link = `${deps.publicUrl.replace(/\/$/, '')}/admin/reset-password/${token}`;
  const minutes = input.ttlMs / 60_000;
  await tx.insert(passwordResets).values({
    id: tokenKey(token),
    userId: input.user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + input.ttlMs),
  });
  const { email } = input.user;
  const mail = LINK_MAILS[input.kind](email, await recipientLocale(tx, input.user.id), link, minutes);
  await deps.mailer.enqueue(tx, mail, now);
}

/**
 * `POST /api/password/reset`: sets the password from a live, unused link. It also ends every session and
 * trusted device, lifts a code lock and spends every other link of the account. Returns whose password it
 * was, so their sockets can be closed.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { token: string; password: string },
): Promise<{ userId: string }> {
  const now = deps.now();
  const [reset] = await deps.db
    .select({ id: passwordResets.id, userId: passwordResets.userId })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.id, tokenKey(input.token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .limit(1);
  if (!reset) throw validationFailed({ token: [ValidationCode.resetTokenInvalid] });
  const passwordHash = await deps.passwords.hash(input.password);
  await deps.db.transaction(async (tx) => {
    // Spent inside the transaction with a guard on `used_at`, so two concurrent uses cannot both succeed.
    const spent = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (!spent.some((row) => row.id === reset.id))
      throw validationFailed({ token: [ValidationCode.resetTokenInvalid] });
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: now })
      .where(eq(users.id, reset.userId));
    await tx.delete(accountLocks).where(eq(accountLocks.userId, reset.userId));
    await endTrust(tx, reset.userId, null);
  });
  return { userId: reset.userId };
}

/** `POST /api/password/force-change`: the new password a must-change account sets; other sessions end. */
export async function forceChangePassword(
  deps: AuthDeps,
  input: { userId: string; sessionId: string; password: string },
): Promise<void> {
  const [user] = await deps.db
    .select({ mustChange: users.mustChangePassword })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!user?.mustChange)
    throw new HttpError(409, { message: 'password_change_not_required', code: ErrorCode.conflict });
  const passwordHash = await deps.passwords.hash(input.password);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: deps.now() })
      .where(eq(users.id, input.userId));
    await endTrust(tx, input.userId, input.sessionId);
  });
}

/**
 * `POST /api/{students|users}/change-password`: checks the current password (a wrong one counts as a failed
 * sign-in, so the login limits cover guessing here too), sets the new one and ends the other sessions.
 */
export async function changePassword(
  deps: AuthDeps,
  input: { userId: string; sessionId: string; currentPassword: string; password: string },
): Promise<void> {
  const now = deps.now();
  const [user] = await deps.db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!user) throw validationFailed({ current_password: [ValidationCode.currentPasswordWrong] });
  const hourAgo = new Date(now.getTime() - 60 * 60_000);
  if (
    (await attemptsSince(deps.db, AttemptKind.loginFailure, user.email, hourAgo)) >=
    AUTH_LIMITS.loginFailuresPerHour
  )
    throw tooMany(ErrorCode.loginLocked, 60 * 60);
  if (!(await deps.passwords.verify(user.passwordHash, input.currentPassword))) {
    await recordAttempt(deps.db, AttemptKind.loginFailure, user.email, now);
    throw validationFailed({ current_password: [ValidationCode.currentPasswordWrong] });
  }
  const passwordHash = await deps.passwords.hash(input.password);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, input.userId));
    await endTrust(tx, input.userId, input.sessionId);
  });
}
