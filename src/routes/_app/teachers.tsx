import { createFileRoute, Outlet, useChildMatches } from '@tanstack/react-router';
import { canOpenRoute } from '../../../domain/route-roles';
import { useSessionUser } from '../../app/session-context';
import { TeachersScreen } from '../../features/people/teachers-screen';

export const Route = createFileRoute('/_app/teachers')({ component: TeachersRoute });

function TeachersRoute() {
  const navigate = Route.useNavigate();
  const user = useSessionUser();
  // The invite and detail screens live under this path; they render alone.
  if (useChildMatches().length > 0) return <Outlet />;
  return (
    <TeachersScreen
      canInvite={user !== null && canOpenRoute(user.role, '/teachers/invite')}
      onInvite={() => void navigate({ to: '/teachers/invite' })}
    />
  );
}
