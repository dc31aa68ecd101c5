import { createFileRoute } from '@tanstack/react-router';
import { useSessionUser } from '../../app/session-context';
import { StudentProfileScreen } from '../../features/achievement/student-profile-screen';
import { StudentAttendanceList } from '../../features/shared/student-attendance-list';
import { useStudentIdOf } from '../../features/shared/use-student-attendance';

export const Route = createFileRoute('/_app/achievement-attendance-profile')({
  component: ProfileRoute,
});

function ProfileRoute() {
  const user = useSessionUser();
  if (!user) return null;
  return (
    <div className="space-y-6">
      <StudentProfileScreen who={{ userId: user.id }} />
      <OwnAttendance userId={user.id} />
    </div>
  );
}

/** The student's own sittings, dated, below the counts (issue 42). */
function OwnAttendance({ userId }: { userId: string }) {
  const studentId = useStudentIdOf(userId);
  return studentId ? <StudentAttendanceList studentId={studentId} /> : null;
}
