import { LIMITS } from '../../domain/limits';

/** Session-storage key of the notice the sign-in screen shows after the server ended the user's session. */
export const SESSION_ENDED_KEY = 'session_ended';

/**
 * Why the user is back on the sign-in screen without signing out: the server no longer knows the session
 * (it expired, or was ended from another device). `pending` counts the writes still waiting on this
 * device: they stay in the user's local database and are sent once the same user signs in again.
 */
export type SessionEnded = { name: string; pending: number };

/**
 * The notice in a stored value, or null when it has another shape. A plain check rather than a zod schema:
 * the sign-in page reads it before its first paint, and zod is not loaded there.
 */
function asSessionEnded(value: unknown): SessionEnded | null {
  if (typeof value !== 'object' || value === null || !('name' in value) || !('pending' in value)) return null;
  const { name, pending } = value;
  if (typeof name !== 'string' || name.length > LIMITS.nameMaxLength) return null;
  if (typeof pending !== 'number' || !Number.isSafeInteger(pending) || pending < 0) return null;
  return { name, pending };
}

/** Remembers, for this tab's sign-in screen, that the session ended and what still waits to be sent. */
export function rememberSessionEnded(storage: Pick<Storage, 'setItem'>, notice: SessionEnded): void {
  storage.setItem(SESSION_ENDED_KEY, JSON.stringify(notice));
}

/** The notice of an ended session, if this tab has one; anything unreadable counts as none. */
export function readSessionEnded(storage: Pick<Storage, 'getItem'>): SessionEnded | null {
  try {
    return asSessionEnded(JSON.parse(storage.getItem(SESSION_ENDED_KEY) ?? 'null'));
  } catch {
    return null;
  }
}

/** Forgets the notice once the user signed in again. */
export function forgetSessionEnded(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(SESSION_ENDED_KEY);
}
