import { createFileRoute } from '@tanstack/react-router';
import { ChildWhoLookedScreen } from '../../../../features/privacy/who-looked-screen';

// A guardian's view of who looked at their child's record (issue 46): the student's "who looked" list, of one child.
export const Route = createFileRoute('/_app/children/$studentId/who-looked')({
  component: ChildWhoLookedRoute,
});

function ChildWhoLookedRoute() {
  const { studentId } = Route.useParams();
  return <ChildWhoLookedScreen studentId={studentId} />;
}
