import { createFileRoute } from '@tanstack/react-router';
import { appToasts } from '../../../app/toasts';
import { StaffInviteScreen } from '../../../features/people/staff-invite-screen';

export const Route = createFileRoute('/_app/teachers/invite')({ component: InviteTeacherRoute });

function InviteTeacherRoute() {
  const navigate = Route.useNavigate();
  return (
    <StaffInviteScreen
      kind="teacher"
      // SPEC §2: a teacher invite goes to /teachers.
      onInvited={() => void navigate({ to: '/teachers' })}
      notify={(notice) => appToasts.show(notice)}
    />
  );
}
