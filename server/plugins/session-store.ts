import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { type AccountRole, isAccountRole } from '../../domain/roles';
import { signInOpen } from '../access/users';
import type { Executor } from '../db/client';
import { sessions, users } from '../db/schema';

/** A session ends after this long without a request. */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A session ends this long after its sign-in however busy it is (the absolute lifetime; `SESSION_LIFETIME_DAYS`
 * changes it): a stolen cookie or a forgotten shared computer does not stay signed in for ever.
 */
export const DEFAULT_SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

// Refreshing the idle deadline on every request would turn each read into a write; hourly is precise enough
// for a 30-day window.
const TOUCH_AFTER_MS = 60 * 60 * 1000;

/**
 * The expiry a session of a closed (blocked or removed) account is given instead of being deleted: the row
 * stays, dead, so the device's next request can be told the account is closed (and wipe the user's data)
 * rather than only that the session is unknown. Unblocking never revives it.
 */
const ENDED_FOR_CLOSED_ACCOUNT = new Date(0);

/** The account can sign in: not blocked, removed or deactivated. The one copy of the "live user" rule here. */
const accountOpen: SQL = signInOpen(sql`${users}`);

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

/**
 * What a cookie token names: a live session, `'closed'` when it was a session of an account since blocked
 * or removed (the device must forget the user), or null (unknown, signed out, expired).
 */
export type SessionLookup = ActiveSession | 'closed' | null;

/** The database key of a cookie token: a leaked sessions table cannot be replayed as cookies. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The latest instant a session signed in at `createdAt` may live to, whatever its use. */
function lifetimeEnd(createdAt: Date, lifetimeMs: number): Date {
  return new Date(createdAt.getTime() + lifetimeMs);
}

/** Opens a session for a user and returns the cookie token (32 random bytes, base64url). */
export async function createSession(
  db: Executor,
  input: {
    userId: string;
    userAgent: string | undefined;
    now: Date;
    trustedDevice?: boolean;
    /**
     * The sign-in needs no second step (a provider sign-in: the school's identity provider did its own);
     * otherwise only a trusted device skips it.
     */
    otpVerified?: boolean;
    lifetimeMs?: number;
  },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const idleEnd = input.now.getTime() + SESSION_IDLE_MS;
  const end = lifetimeEnd(input.now, input.lifetimeMs ?? DEFAULT_SESSION_LIFETIME_MS).getTime();
  await db.insert(sessions).values({
    id: sessionIdOf(token),
    userId: input.userId,
    createdAt: input.now,
    lastSeenAt: input.now,
    expiresAt: new Date(Math.min(idleEnd, end)),
    userAgent: input.userAgent?.slice(0, 512) ?? null,
    otpVerified: input.otpVerified ?? input.trustedDevice ?? false,
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
 * session lane of `server/plugins/session.ts`): for each ask in order, its session, `'closed'` or null (see
 * `SessionLookup`). A session lives until its idle deadline and at most `lifetimeMs` after its sign-in. The
 * sessions whose idle deadline is due are pushed forward together, from the latest instant asked (the asks
 * of one batch are microseconds apart), never past their lifetime.
 */
export async function findSessions(
  db: Executor,
  asks: readonly SessionAsk[],
  lifetimeMs: number = DEFAULT_SESSION_LIFETIME_MS,
): Promise<SessionLookup[]> {
  if (asks.length === 0) return [];
  const ids = asks.map((ask) => sessionIdOf(ask.token));
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      role: users.role,
      name: users.name,
      mustChangePassword: users.mustChangePassword,
      otpVerified: sessions.otpVerified,
      trustedDevice: sessions.trustedDevice,
      open: sql<boolean>`(${accountOpen})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(inArray(sessions.id, [...new Set(ids)]));
  const byId = new Map(rows.map((row) => [row.id, row] as const));

  const touched = new Map<string, Date>();
  const found = asks.map((ask, index): SessionLookup => {
    const id = ids[index] ?? '';
    const row = byId.get(id);
    if (!row) return null;
    // A closed account's sessions answer so even when they also expired: the device still holds its data.
    if (!row.open) return 'closed';
    const end = lifetimeEnd(row.createdAt, lifetimeMs);
    if (row.expiresAt <= ask.now || end <= ask.now || !isAccountRole(row.role)) return null;
    const extended = ask.now.getTime() - row.lastSeenAt.getTime() >= TOUCH_AFTER_MS;
    if (extended) touched.set(id, end);
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
    const idleEnd = latest.getTime() + SESSION_IDLE_MS;
    // Sessions of one batch signed in at different times: each keeps its own lifetime's end.
    for (const [end, group] of groupByEnd(touched, idleEnd)) {
      await db
        .update(sessions)
        .set({ lastSeenAt: latest, expiresAt: new Date(end) })
        .where(inArray(sessions.id, group));
    }
  }
  return found;
}

/** The touched sessions by their new expiry (the idle end, or their lifetime's end when that comes first). */
function groupByEnd(touched: ReadonlyMap<string, Date>, idleEnd: number): Map<number, string[]> {
  const groups = new Map<number, string[]>();
  for (const [id, end] of touched) {
    const expiry = Math.min(idleEnd, end.getTime());
    groups.set(expiry, [...(groups.get(expiry) ?? []), id]);
  }
  return groups;
}

/**
 * Which of `sessionIds` are still live at `now` (not signed out, expired by idleness or lifetime, or ended
 * with their account): the check that closes the sockets of ended sessions. Read only: it keeps nothing
 * alive.
 */
export async function liveSessionIds(
  db: Executor,
  sessionIds: readonly string[],
  now: Date,
  lifetimeMs: number = DEFAULT_SESSION_LIFETIME_MS,
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.id, [...new Set(sessionIds)]),
        gt(sessions.expiresAt, now),
        gt(sessions.createdAt, new Date(now.getTime() - lifetimeMs)),
        accountOpen,
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** Ends one session. */
export async function endSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/**
 * Ends every session of a user but `keepSessionId` (a password reset or change, a role change, a closed
 * account). A closed account's sessions are kept as dead rows (`ENDED_FOR_CLOSED_ACCOUNT`) so its devices
 * learn at their next request that the account is closed; call it after the account's row was written in
 * the same transaction.
 */
export async function endOtherSessions(
  db: Executor,
  userId: string,
  keepSessionId: string | null,
): Promise<void> {
  const where = keepSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
    : eq(sessions.userId, userId);
  const [account] = await db
    .select({ open: sql<boolean>`(${accountOpen})` })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (account && !account.open) {
    await db.update(sessions).set({ expiresAt: ENDED_FOR_CLOSED_ACCOUNT }).where(where);
    return;
  }
  await db.delete(sessions).where(where);
}
