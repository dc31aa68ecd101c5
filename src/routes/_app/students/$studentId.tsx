import { createFileRoute } from '@tanstack/react-router';
import { canCall } from '../../../../domain/permissions';
import { useForbiddenExit } from '../../../app/api-failure';
import { useSessionUser } from '../../../app/session-context';
import { appToasts } from '../../../app/toasts';
import { StudentDetailScreen } from '../../../features/people/student-detail-screen';
import { StudentAccessPanel } from '../../../features/privacy/student-access-panel';

export const Route = createFileRoute('/_app/students/$studentId')({ component: StudentRoute });

function StudentRoute() {
  const { studentId } = Route.useParams();
  const navigate = Route.useNavigate();
  const user = useSessionUser();
  const role = user?.role ?? null;
  const onForbidden = useForbiddenExit();
  return (
    <StudentDetailScreen
      key={studentId}
      studentId={studentId}
      canEdit={canCall(role, 'POST /api/students/:studentId')}
      canDelete={canCall(role, 'DELETE /api/students/:studentId')}
      canLinkGuardians={canCall(role, 'POST /api/students/:studentId/guardians')}
      accessPanel={
        canCall(role, 'GET /api/students/:studentId/access-log') && (
          <StudentAccessPanel studentId={studentId} />
        )
      }
      onForbidden={onForbidden}
      onNotFound={() => void navigate({ to: '/not-found' })}
      onDeleted={() => void navigate({ to: '/students' })}
      notify={(notice) => appToasts.show(notice)}
    />
  );
}
