import { createFileRoute } from '@tanstack/react-router';
import { canCall } from '../../../../domain/permissions';
import { useSessionUser } from '../../../app/session-context';
import { appToasts } from '../../../app/toasts';
import { TeacherDetailScreen } from '../../../features/people/teacher-detail-screen';

export const Route = createFileRoute('/_app/teachers/$teacherId')({ component: TeacherRoute });

function TeacherRoute() {
  const { teacherId } = Route.useParams();
  const navigate = Route.useNavigate();
  const user = useSessionUser();
  return (
    <TeacherDetailScreen
      key={teacherId}
      teacherId={teacherId}
      canEdit={canCall(user?.role ?? null, 'POST /api/teachers/:teacherId')}
      onNotFound={() => void navigate({ to: '/not-found' })}
      onDeleted={() => void navigate({ to: '/teachers' })}
      notify={(notice) => appToasts.show(notice)}
    />
  );
}
