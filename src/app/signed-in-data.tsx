import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import type { StoredUser } from '../../domain/schemas/auth-account';
import { DatabaseProvider } from '../db/database-context';
import { AccountClosedScreen } from './account-closed-screen';
import { ConnectionProvider, isWindowOffline } from './connection-context';
import { registerServiceWorker } from './register-service-worker';
import type { SessionStore } from './session';
import { rememberSessionEnded } from './session-ended';
import { wipeUserFromDevice } from './sign-out';
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
  // The account was blocked or removed: its unsaved writes are shown as refused, then the device forgets it.
  const [accountClosed, setAccountClosed] = useState(false);
  // One wipe however often the screen's effect runs (StrictMode runs it twice).
  const wipe = useMemo(() => {
    let wiping: Promise<void> | null = null;
    return () => {
      wiping ??= wipeUserFromDevice(user.id);
      return wiping;
    };
  }, [user.id]);
  const signInAgain = useCallback(
    (pending: number, closed: boolean) => {
      if (closed) {
        setAccountClosed(true);
        return;
      }
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
        {accountClosed ? (
          <AccountClosedScreen
            wipe={wipe}
            onDone={() => {
              session.setUser(null);
              window.location.assign(`${import.meta.env.BASE_URL}login`);
            }}
          />
        ) : (
          children
        )}
      </ConnectionProvider>
    </DatabaseProvider>
  );
}
