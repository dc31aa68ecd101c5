import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { type ReactNode, useCallback, useEffect } from 'react';
import { DatabaseProvider } from '../db/database-context';
import { i18n } from '../i18n/i18n';
import { ConnectionProvider, isWindowOffline } from './connection-context';
import { isSignInComplete } from './guard';
import { navHistory } from './nav-history';
import type { createAppRouter } from './router';
import type { SessionStore } from './session';
import { SessionProvider, useSessionUser } from './session-context';
import { rememberSessionEnded } from './session-ended';
import { watchStorageHealth } from './storage-health';

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * The signed-in user's local database and sync worker. Nothing runs while signed out, nor halfway through
 * signing in (before the two-step code or a forced password change): the server refuses that session's sync
 * calls, and the sign-in screens need no local data.
 */
function UserData({ session, children }: { session: SessionStore; children: ReactNode }) {
  const user = useSessionUser();
  const signInAgain = useCallback(
    (pending: number) => {
      const ended = session.getUser();
      if (ended) rememberSessionEnded(sessionStorage, { name: ended.name, pending });
      session.setUser(null);
    },
    [session],
  );
  const signedIn = user !== null && isSignInComplete(user);
  useEffect(() => (signedIn ? watchStorageHealth() : undefined), [signedIn]);
  if (!user || !signedIn) return children;
  return (
    <DatabaseProvider userId={user.id} isOffline={isWindowOffline}>
      <ConnectionProvider userId={user.id} role={user.role} onSignInRequired={signInAgain}>
        {children}
      </ConnectionProvider>
    </DatabaseProvider>
  );
}

/** The app's providers around the router. */
export function App({ router, session }: { router: AppRouter; session: SessionStore }) {
  // Signing out or a changed user (here or in another tab) re-runs the route guards. Signing in does not:
  // the login screen navigates to the page first asked for, and a guard re-run would race it.
  useEffect(() => {
    let previous = session.getUser();
    return session.subscribe(() => {
      const wasSignedOut = previous === null;
      previous = session.getUser();
      if (!wasSignedOut) void router.invalidate();
    });
  }, [router, session]);

  // Every page this tab opens joins the session-stored visit list the back button reads (SPEC §2).
  useEffect(() => {
    navHistory.record(router.state.location.href);
    return router.subscribe('onResolved', ({ toLocation }) => navHistory.record(toLocation.href));
  }, [router]);

  return (
    <I18nProvider i18n={i18n}>
      <SessionProvider store={session}>
        <UserData session={session}>
          <RouterProvider router={router} />
        </UserData>
      </SessionProvider>
    </I18nProvider>
  );
}
