import { createFileRoute } from '@tanstack/react-router';
import { StudentAttendanceList } from '../../../../features/shared/student-attendance-list';

// A guardian's view of their child's attendance sitting by sitting (issue 43): the student's own list.
export const Route = createFileRoute('/_app/children/$studentId/attendance')({
  component: ChildAttendanceRoute,
});

function ChildAttendanceRoute() {
  const { studentId } = Route.useParams();
  return <StudentAttendanceList studentId={studentId} own={false} />;
}
