import { createFileRoute } from '@tanstack/react-router';
import { StudentProfileScreen } from '../../../../features/achievement/student-profile-screen';

// A guardian's view of their child's scores and final grades (issue 43), as the student sees them.
export const Route = createFileRoute('/_app/children/$studentId/scores')({
  component: ChildScoresRoute,
});

function ChildScoresRoute() {
  const { studentId } = Route.useParams();
  return <StudentProfileScreen who={{ studentId }} />;
}
