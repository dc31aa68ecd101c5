import { createFileRoute } from '@tanstack/react-router';
import { useConnection } from '../../app/connection-context';
import { useSessionUser } from '../../app/session-context';
import { useIsMobile } from '../../app/use-is-mobile';
import { DashboardScreen } from '../../features/home/dashboard-screen';

export const Route = createFileRoute('/_app/')({
  component: HomeRoute,
});

function HomeRoute() {
  const user = useSessionUser();
  const { online } = useConnection();
  const isMobile = useIsMobile();
  if (!user) return null;
  return <DashboardScreen role={user.role} online={online === true} isMobile={isMobile} />;
}
