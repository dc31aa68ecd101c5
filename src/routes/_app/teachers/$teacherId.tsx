import { createFileRoute } from '@tanstack/react-router';
import { canCall } from '../../../../domain/permissions';
import { useSessionUser } from '../../../app/session-context';
import { appToasts } from '../../../app/toasts';
import { TeacherDetailScreen } from '../../../features/people/teacher-detail-screen';
import { StaffAccessPanel } from '../../../features/privacy/staff-access-panel';

export const Route = createFileRoute('/_app/teachers/$teacherId')({ component: TeacherRoute });

function TeacherRoute() {
  const { teacherId } = Route.useParams();
  const navigate = Route.useNavigate();
  const user = useSessionUser();
  const role = user?.role ?? null;
  return (
    <TeacherDetailScreen
      key={teacherId}
      teacherId={teacherId}
      canEdit={canCall(role, 'POST /api/teachers/:teacherId')}
      accessPanel={
        canCall(role, 'GET /api/users/:userId/access-log') && <StaffAccessPanel userId={teacherId} />
      }
      onNotFound={() => void navigate({ to: '/not-found' })}
      onDeleted={() => void navigate({ to: '/teachers' })}
      notify={(notice) => appToasts.show(notice)}
    />
  );
}
