import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { canCall } from '../../../../domain/permissions';
import { useSessionUser } from '../../../app/session-context';
import { appToasts } from '../../../app/toasts';
import { StudentDetailScreen } from '../../../features/people/student-detail-screen';
import { errorMessage } from '../../../i18n/error-messages';

export const Route = createFileRoute('/_app/students/$studentId')({ component: StudentRoute });

function StudentRoute() {
  const { studentId } = Route.useParams();
  const navigate = Route.useNavigate();
  const user = useSessionUser();
  const { i18n } = useLingui();
  const role = user?.role ?? null;
  return (
    <StudentDetailScreen
      key={studentId}
      studentId={studentId}
      canEdit={canCall(role, 'POST /api/students/:studentId')}
      canDelete={canCall(role, 'DELETE /api/students/:studentId')}
      // SPEC §8: a 403 on student detail shows the server's message and goes to /.
      onForbidden={() => {
        appToasts.show({ tone: 'error', title: errorMessage(i18n, 'forbidden') });
        void navigate({ to: '/' });
      }}
      onNotFound={() => void navigate({ to: '/not-found' })}
      onDeleted={() => void navigate({ to: '/students' })}
      notify={(notice) => appToasts.show(notice)}
    />
  );
}
