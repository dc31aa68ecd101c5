import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { type AccountRole, isAccountRole } from '../../../domain/roles';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';

/** A session ends after this long without a request. */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;

// Refreshing the idle deadline on every request would turn each read into a write; hourly is precise enough
// for a 30-day window.
const TOUCH_AFTER_MS = 60 * 60 * 1000;

/** The signed-in user a request carries. */
export interface SessionUser {
  id: string;
  role: AccountRole;
  name: string;
  mustChangePassword: boolean;
}

/** A session found from its cookie token. */
export interface ActiveSession {
  id: string;
  user: SessionUser;
  /** The two-step code was entered, or the device was trusted at sign-in. */
  otpVerified: boolean;
  /** Sign-in skipped the code on a trusted device. */
  trustedDevice: boolean;
  /** True when this lookup pushed the idle deadline forward, so the cookie should be re-sent too. */
  extended: boolean;
}

/** The database key of a cookie token: a leaked sessions table cannot be replayed as cookies. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opens a session for a user and returns the cookie token (32 random bytes, base64url). */
export async function createSession(
  db: Executor,
  input: { userId: string; userAgent: string | undefined; now: Date; trustedDevice?: boolean },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: sessionIdOf(token),
    userId: input.userId,
    createdAt: input.now,
    lastSeenAt: input.now,
    expiresAt: new Date(input.now.getTime() + SESSION_IDLE_MS),
    userAgent: input.userAgent?.slice(0, 512) ?? null,
    otpVerified: input.trustedDevice ?? false,
    trustedDevice: input.trustedDevice ?? false,
  });
  return token;
}

/** Finds the live session of a cookie token and keeps it alive; null when unknown or expired. */
export async function findSession(db: Executor, token: string, now: Date): Promise<ActiveSession | null> {
  const id = sessionIdOf(token);
  const [row] = await db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      role: users.role,
      name: users.name,
      mustChangePassword: users.mustChangePassword,
      otpVerified: sessions.otpVerified,
      trustedDevice: sessions.trustedDevice,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // A blocked or removed account's sessions are deleted when it is closed; this keeps one that raced it out.
    .where(
      and(
        eq(sessions.id, id),
        gt(sessions.expiresAt, now),
        eq(users.loginBlocked, false),
        eq(users.deleted, false),
        isNull(users.deactivatedAt),
      ),
    )
    .limit(1);
  if (!row || !isAccountRole(row.role)) return null;

  const extended = now.getTime() - row.lastSeenAt.getTime() >= TOUCH_AFTER_MS;
  if (extended) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_IDLE_MS) })
      .where(eq(sessions.id, id));
  }
  return {
    id,
    user: { id: row.userId, role: row.role, name: row.name, mustChangePassword: row.mustChangePassword },
    otpVerified: row.otpVerified,
    trustedDevice: row.trustedDevice,
    extended,
  };
}

/** Ends one session. */
export async function endSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user but `keepSessionId` (a password reset or change). */
export async function endOtherSessions(
  db: Executor,
  userId: string,
  keepSessionId: string | null,
): Promise<void> {
  const where = keepSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
    : eq(sessions.userId, userId);
  await db.delete(sessions).where(where);
}
