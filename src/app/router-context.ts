import type { SessionStore } from './session';

/**
 * What every route's `beforeLoad` can read. Its own file: the root route names it, and the router
 * (router.ts) imports the route tree, so keeping it there would tie the two in a loop.
 */
export type RouterContext = {
  session: SessionStore;
  /** Whether this build registers a route at a full path (screens of later issues are absent). */
  routeExists: (path: string) => boolean;
};
