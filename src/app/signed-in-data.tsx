import { type ReactNode, useCallback, useEffect } from 'react';
import type { StoredUser } from '../../domain/schemas/auth-account';
import { DatabaseProvider } from '../db/database-context';
import { ConnectionProvider, isWindowOffline } from './connection-context';
import { registerServiceWorker } from './register-service-worker';
import type { SessionStore } from './session';
import { rememberSessionEnded } from './session-ended';
import { watchStorageHealth } from './storage-health';

/**
 * The signed-in user's local database and sync worker around the screens. A module of its own, loaded once a
 * user has signed in: the sign-in page paints without the sync client, its worker bridge and RxDB's streams.
 */
export function SignedInData({
  session,
  user,
  children,
}: {
  session: SessionStore;
  user: StoredUser;
  children: ReactNode;
}) {
  const signInAgain = useCallback(
    (pending: number) => {
      const ended = session.getUser();
      if (ended) rememberSessionEnded(sessionStorage, { name: ended.name, pending });
      session.setUser(null);
    },
    [session],
  );
  useEffect(() => watchStorageHealth(), []);
  // The offline shell registers here, not at page start: only a signed-in user works offline, and a
  // registration persists, so a returning user's worker serves the page before this runs.
  useEffect(() => {
    void registerServiceWorker();
  }, []);
  return (
    <DatabaseProvider userId={user.id} isOffline={isWindowOffline}>
      <ConnectionProvider userId={user.id} role={user.role} onSignInRequired={signInAgain}>
        {children}
      </ConnectionProvider>
    </DatabaseProvider>
  );
}
