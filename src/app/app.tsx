import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { i18n } from '../i18n/i18n';
import { isSignInComplete } from './guard';
import { navHistory } from './nav-history';
import type { createAppRouter } from './router';
import type { SessionStore } from './session';
import { SessionProvider, useSessionUser } from './session-context';
import type { SignedInData } from './signed-in-data';

type AppRouter = ReturnType<typeof createAppRouter>;

let signedInData: typeof SignedInData | null = null;

/**
 * Loads the signed-in providers (local database, sync worker). The page start awaits it when a signed-in user
 * is stored, so a signed-in page renders inside them from its first frame.
 */
export async function loadSignedInData(): Promise<typeof SignedInData> {
  const loaded = (await import('./signed-in-data')).SignedInData;
  signedInData = loaded;
  return loaded;
}

/**
 * The signed-in user's local database and sync worker. Nothing runs while signed out, nor halfway through
 * signing in (before the two-step code or a forced password change): the server refuses that session's sync
 * calls, and the sign-in screens need no local data. Their module loads while the user enters the code.
 */
function UserData({ session, children }: { session: SessionStore; children: ReactNode }) {
  const user = useSessionUser();
  const [Provider, setProvider] = useState(() => signedInData);
  const hasUser = user !== null;
  useEffect(() => {
    if (!hasUser || Provider) return;
    let current = true;
    void loadSignedInData().then((loaded) => {
      if (current) setProvider(() => loaded);
    });
    return () => {
      current = false;
    };
  }, [hasUser, Provider]);
  if (!user || !isSignInComplete(user) || !Provider) return children;
  return (
    <Provider session={session} user={user}>
      {children}
    </Provider>
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
