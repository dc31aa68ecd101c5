import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { menuForRole, visibleMenu } from '../../app/menu';
import { useSessionUser } from '../../app/session-context';
import { useIsRegisteredPath } from '../../app/use-registered-paths';
import { type HomeLink, HomeScreen } from '../../features/home/home-screen';

export const Route = createFileRoute('/_app/')({
  component: HomeRoute,
});

function HomeRoute() {
  const { i18n } = useLingui();
  const user = useSessionUser();
  const isRegistered = useIsRegisteredPath();
  if (!user) return null;
  // The home page lists the role's menu screens that exist so far (it becomes the dashboard later).
  const links: HomeLink[] = visibleMenu(menuForRole(user.role), user.role, isRegistered)
    .flatMap((entry) => (entry.kind === 'link' ? [entry] : entry.children))
    .filter((entry) => entry.to !== '/')
    .map((entry) => ({ to: entry.to, label: i18n._(entry.label) }));
  return <HomeScreen name={user.name} links={links} />;
}
