import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { StoredUser } from '../../domain/schemas/auth-account';
import { routeTree } from '../routeTree.gen';
import { isSignInComplete } from './guard';
import type { SessionStore } from './session';

/**
 * The app's router: file routes under /admin. `prerender` is the build's rendering of the sign-in page
 * (src/prerender-sign-in.tsx): on a memory history, and without scroll restoration, whose script for a
 * server-rendered page would be inline, which the page's CSP refuses (and it has no scroll to restore).
 */
export function createAppRouter(session: SessionStore, prerender?: { history: RouterHistory }) {
  // Filled once the router exists; guards only run after that.
  const registered = new Set<string>();
  const router = createRouter({
    routeTree,
    ...(prerender ? { history: prerender.history } : {}),
    basepath: '/admin',
    context: { session, routeExists: (path) => registered.has(path) },
    defaultPreload: 'intent',
    scrollRestoration: !prerender,
  });
  for (const path of Object.keys(router.routesByPath)) registered.add(path);
  return router;
}

/**
 * Starts loading the code of the first screen while the page start loads the language (and a signed-in
 * user's data), instead of after them: one round trip less before the first paint. Signed out, a guarded
 * URL ends on the sign-in screen, so that is the one loaded; halfway through signing in nothing is, the
 * guard picks the step. A failure is the router's to show when it loads the same code.
 */
export function preloadFirstScreen(
  router: ReturnType<typeof createAppRouter>,
  user: StoredUser | null,
): void {
  if (user && !isSignInComplete(user)) return;
  const { pathname, search } = router.state.location;
  const matches = router.matchRoutes(pathname, search);
  const routes =
    !user && matches.some((match) => match.routeId === '/_app')
      ? [router.routesById['/login']]
      : matches.map((match) => router.routesById[match.routeId]);
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined);
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
