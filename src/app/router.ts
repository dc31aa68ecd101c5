import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import type { SessionStore } from './session';

/** The app's router: file routes under /admin. */
export function createAppRouter(session: SessionStore) {
  // Filled once the router exists; guards only run after that.
  const registered = new Set<string>();
  const router = createRouter({
    routeTree,
    basepath: '/admin',
    context: { session, routeExists: (path) => registered.has(path) },
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
  for (const path of Object.keys(router.routesByPath)) registered.add(path);
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
