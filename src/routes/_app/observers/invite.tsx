import { createFileRoute } from '@tanstack/react-router';
import { appToasts } from '../../../app/toasts';
import { StaffInviteScreen } from '../../../features/people/staff-invite-screen';

export const Route = createFileRoute('/_app/observers/invite')({ component: InviteObserverRoute });

function InviteObserverRoute() {
  const navigate = Route.useNavigate();
  return (
    <StaffInviteScreen
      kind="observer"
      // SPEC §2: an observer invite goes to /observers.
      onInvited={() => void navigate({ to: '/observers' })}
      notify={(notice) => appToasts.show(notice)}
    />
  );
}
