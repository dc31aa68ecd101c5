import { z } from 'zod';

/** Session-storage key of the notice the sign-in screen shows after the server ended the user's session. */
const SESSION_ENDED_KEY = 'session_ended';

const sessionEndedSchema = z.object({
  name: z.string().max(255),
  pending: z.number().int().nonnegative(),
});

/**
 * Why the user is back on the sign-in screen without signing out: the server no longer knows the session
 * (it expired, or was ended from another device). `pending` counts the writes still waiting on this
 * device: they stay in the user's local database and are sent once the same user signs in again.
 */
export type SessionEnded = z.infer<typeof sessionEndedSchema>;

/** Remembers, for this tab's sign-in screen, that the session ended and what still waits to be sent. */
export function rememberSessionEnded(storage: Pick<Storage, 'setItem'>, notice: SessionEnded): void {
  storage.setItem(SESSION_ENDED_KEY, JSON.stringify(notice));
}

/** The notice of an ended session, if this tab has one; anything unreadable counts as none. */
export function readSessionEnded(storage: Pick<Storage, 'getItem'>): SessionEnded | null {
  try {
    return (
      sessionEndedSchema.safeParse(JSON.parse(storage.getItem(SESSION_ENDED_KEY) ?? 'null')).data ?? null
    );
  } catch {
    return null;
  }
}

/** Forgets the notice once the user signed in again. */
export function forgetSessionEnded(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(SESSION_ENDED_KEY);
}
