import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
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

/** One session lookup: the cookie's token, at the instant of its request. */
export interface SessionAsk {
  token: string;
  now: Date;
}

/**
 * Finds the live sessions of cookie tokens and keeps them alive, in one statement for many requests (the
 * session lane of `server/plugins/session.ts`): for each ask in order, its session, or null when unknown or
 * expired. The sessions whose idle deadline is due are pushed forward together, from the
 * latest instant asked (the asks of one batch are microseconds apart).
 */
export async function findSessions(
  db: Executor,
  asks: readonly SessionAsk[],
): Promise<(ActiveSession | null)[]> {
  if (asks.length === 0) return [];
  const ids = asks.map((ask) => sessionIdOf(ask.token));
  const rows = await db
    .select({
      id: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
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
        inArray(sessions.id, [...new Set(ids)]),
        eq(users.loginBlocked, false),
        eq(users.deleted, false),
        isNull(users.deactivatedAt),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row] as const));

  const touched = new Set<string>();
  const found = asks.map((ask, index): ActiveSession | null => {
    const id = ids[index] ?? '';
    const row = byId.get(id);
    if (!row || row.expiresAt <= ask.now || !isAccountRole(row.role)) return null;
    const extended = ask.now.getTime() - row.lastSeenAt.getTime() >= TOUCH_AFTER_MS;
    if (extended) touched.add(id);
    return {
      id,
      user: { id: row.userId, role: row.role, name: row.name, mustChangePassword: row.mustChangePassword },
      otpVerified: row.otpVerified,
      trustedDevice: row.trustedDevice,
      extended,
    };
  });
  if (touched.size > 0) {
    const latest = new Date(Math.max(...asks.map((ask) => ask.now.getTime())));
    await db
      .update(sessions)
      .set({ lastSeenAt: latest, expiresAt: new Date(latest.getTime() + SESSION_IDLE_MS) })
      .where(inArray(sessions.id, [...touched]));
  }
  return found;
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
