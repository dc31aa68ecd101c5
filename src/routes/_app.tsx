import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { applyGuardTarget, decideGuardedRoute, isSignInStep } from '../app/guard';
import { useSessionUser } from '../app/session-context';
import { ShellLayout } from '../app/shell-layout';
import { ForbiddenScreen } from '../app/status-screens';
import { HeaderNotifications } from '../features/notifications/header-notifications';
import { useRequestingCount } from '../features/requests/use-requests';

// The signed-in area: every route below passes the guard of SPEC §2 against the domain route table.
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context, location, matches }) => {
    const routePath = matches.at(-1)?.fullPath ?? location.pathname;
    const decision = applyGuardTarget(
      decideGuardedRoute(context.session.getUser(), routePath, location.href),
      context.routeExists,
    );
    if (decision.kind === 'login') throw redirect({ to: '/login', search: { redirect: decision.redirect } });
    // The sign-in steps keep the page first asked for, so the user lands there once they are done.
    if (decision.kind === 'redirect' && isSignInStep(decision.to))
      throw redirect({ to: decision.to, search: { redirect: location.href }, replace: true });
    // `href`, not `to`: /admins and the stand-ins are typed as the SPEC's paths, not this build's routes.
    if (decision.kind === 'redirect') throw redirect({ href: decision.to, replace: true });
    return { forbidden: decision.kind === 'forbidden' };
  },
  component: SignedInLayout,
});

function SignedInLayout() {
  const { forbidden } = Route.useRouteContext();
  const user = useSessionUser();
  const requesting = useRequestingCount();
  if (!user) return null;
  return (
    <ShellLayout user={user} bell={<HeaderNotifications />} badges={{ requests: requesting }}>
      {forbidden ? <ForbiddenScreen /> : <Outlet />}
    </ShellLayout>
  );
}
