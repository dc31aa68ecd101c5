import { createFileRoute, Outlet, useChildMatches } from '@tanstack/react-router';
import { ObserversScreen } from '../../features/people/observers-screen';

export const Route = createFileRoute('/_app/observers')({ component: ObserversRoute });

function ObserversRoute() {
  const navigate = Route.useNavigate();
  // The invite and detail screens live under this path; they render alone.
  if (useChildMatches().length > 0) return <Outlet />;
  return <ObserversScreen onInvite={() => void navigate({ to: '/observers/invite' })} />;
}
