import { loginResponseSchema } from '../../domain/auth';
import { apiRequest, HttpError } from '../sync/http';
import type { SessionStore } from './session';

/**
 * Confirms the stored user with `GET /api/me` when the browser is online: 401 signs out of this browser, a
 * changed user (e.g. a new role) replaces the stored one. Offline, or when the server cannot be reached,
 * the stored user is trusted so screens render from the local database.
 */
export async function confirmSession(session: SessionStore): Promise<void> {
  if (!session.getUser() || !navigator.onLine) return;
  try {
    const me = loginResponseSchema.parse(await apiRequest('GET', '/api/me'));
    if (JSON.stringify(me) !== JSON.stringify(session.getUser())) session.setUser(me);
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) session.setUser(null);
  }
}
