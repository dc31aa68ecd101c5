import { createFileRoute } from '@tanstack/react-router';
import { useSessionUser } from '../../app/session-context';
import { StudentProfileScreen } from '../../features/achievement/student-profile-screen';

export const Route = createFileRoute('/_app/achievement-attendance-profile')({
  component: ProfileRoute,
});

function ProfileRoute() {
  const user = useSessionUser();
  if (!user) return null;
  return <StudentProfileScreen userId={user.id} />;
}
