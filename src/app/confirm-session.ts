import { ErrorCode } from '../../domain/errors';
import { callApi } from '../api/call-api';
import type { SessionStore } from './session';

/**
 * Confirms the stored user with `GET /api/me` when the browser is online: 401 signs out of this browser, a
 * changed user (e.g. a new role) replaces the stored one. Offline, or when the server cannot be reached,
 * the stored user is trusted so screens render from the local database.
 */
export async function confirmSession(session: SessionStore): Promise<void> {
  if (!session.getUser() || !navigator.onLine) return;
  const me = await callApi('GET /api/me');
  if (me.ok) {
    if (JSON.stringify(me.value) !== JSON.stringify(session.getUser())) session.setUser(me.value);
    return;
  }
  // The server answers every 401 with this code; any other failure leaves the stored user in place.
  if (me.failure.code === ErrorCode.unauthenticated) session.setUser(null);
}
