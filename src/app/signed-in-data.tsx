import { type ReactNode, useCallback, useEffect } from 'react';
import type { StoredUser } from '../../domain/auth';
import { DatabaseProvider } from '../db/database-context';
import { ConnectionProvider, isWindowOffline } from './connection-context';
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
  return (
    <DatabaseProvider userId={user.id} isOffline={isWindowOffline}>
      <ConnectionProvider userId={user.id} role={user.role} onSignInRequired={signInAgain}>
        {children}
      </ConnectionProvider>
    </DatabaseProvider>
  );
}
