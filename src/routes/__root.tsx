import { createRootRouteWithContext, Navigate, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../app/router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  // SPEC §2: an unknown path goes to /not-found (signed out, the guard there asks to sign in first).
  notFoundComponent: () => <Navigate to="/not-found" replace />,
});
