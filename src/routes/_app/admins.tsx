import { createFileRoute, Outlet, useChildMatches } from '@tanstack/react-router';
import { canOpenRoute } from '../../../domain/route-roles';
import { useSessionUser } from '../../app/session-context';
import { appToasts } from '../../app/toasts';
import { AdminsScreen } from '../../features/people/admins-screen';

export const Route = createFileRoute('/_app/admins')({ component: AdminsRoute });

function AdminsRoute() {
  const navigate = Route.useNavigate();
  const user = useSessionUser();
  if (useChildMatches().length > 0) return <Outlet />;
  return (
    <AdminsScreen
      canManage={user !== null && canOpenRoute(user.role, '/admins/add')}
      onAdd={() => void navigate({ to: '/admins/add' })}
      notify={(notice) => appToasts.show(notice)}
    />
  );
}
