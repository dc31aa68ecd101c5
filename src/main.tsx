// First: it turns zod's eval-compiled parsers off before any schema of the app is built.
import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, loadSignedInData } from './app/app';
import { exposeAutomationHooks } from './app/automation-hooks';
import { isSignInComplete } from './app/guard';
import { removeUnshownPrerenderedSignIn } from './app/prerendered-sign-in';
import { createAppRouter, preloadFirstScreen } from './app/router';
import { createSessionStore, hasStoredUser } from './app/session';
import { activateLocale, rememberedLocale } from './i18n/i18n';
import { spawnSyncWorker } from './sync/sync-worker';
import './app/styles.css';

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  removeUnshownPrerenderedSignIn();

  // With a user stored, the sync worker's script loads beside the page's own, and so does the module that
  // starts it (it used to wait for the session's module, and the worker then waited 0.2 s for it); once the
  // user is read, the worker syncs and the window opens its database (`startSignedInData`), while the first
  // screen loads.
  const early = hasStoredUser()
    ? { worker: spawnSyncWorker(), starting: import('./app/signed-in-start') }
    : undefined;
  const session = await createSessionStore();
  const user = session.getUser();
  const userId = user?.id;
  const signedIn = user !== null && isSignInComplete(user);
  if (early && signedIn) {
    void early.starting.then(({ startSignedInData }) => startSignedInData(user, early.worker));
  } else early?.worker.terminate();
  const router = createAppRouter(session);
  preloadFirstScreen(router, user);
  // A signed-in page renders inside its local database from the first frame; the sign-in page never loads it.
  await Promise.all([
    activateLocale(rememberedLocale(localStorage, userId), userId),
    signedIn ? loadSignedInData() : undefined,
  ]);

  createRoot(root).render(
    <StrictMode>
      <App router={router} session={session} />
    </StrictMode>,
  );

  exposeAutomationHooks(router);
  // Only a stored session is confirmed; the sign-in page paints without the API client.
  if (user) void import('./app/confirm-session').then(({ confirmSession }) => confirmSession(session));
}

void start();
