import { createFileRoute } from '@tanstack/react-router';
import { useSessionUser } from '../../app/session-context';
import { WhoLookedScreen } from '../../features/privacy/who-looked-screen';
import { useStudentIdOf } from '../../features/shared/use-student-attendance';

export const Route = createFileRoute('/_app/who-looked')({ component: WhoLookedRoute });

function WhoLookedRoute() {
  const user = useSessionUser();
  const studentId = useStudentIdOf(user?.id ?? '');
  return <WhoLookedScreen studentId={studentId} />;
}
