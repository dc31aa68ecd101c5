import { createFileRoute } from '@tanstack/react-router';
import { appToasts } from '../../../app/toasts';
import { AdminAddScreen } from '../../../features/people/admins-screen';

export const Route = createFileRoute('/_app/admins/add')({ component: AddAdminRoute });

function AddAdminRoute() {
  const navigate = Route.useNavigate();
  return (
    <AdminAddScreen
      // SPEC §2: admin role-up goes to /admins.
      onPromoted={() => void navigate({ to: '/admins' })}
      notify={(notice) => appToasts.show(notice)}
    />
  );
}
