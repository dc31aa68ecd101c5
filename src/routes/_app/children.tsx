import { useLingui } from '@lingui/react/macro';
import { createFileRoute, Outlet, useChildMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSessionUser } from '../../app/session-context';
import { ChildChooser, NoChildScreen } from '../../features/guardians/child-frame';
import { landingChild, rememberedChild, useChildren } from '../../features/guardians/children';
import { Spinner } from '../../ui/spinner';

// A guardian's home (issue 43): their one child's day, the child they chose last, or the switcher.
export const Route = createFileRoute('/_app/children')({
  component: ChildrenRoute,
});

function ChildrenRoute() {
  const { t } = useLingui();
  const user = useSessionUser();
  const navigate = Route.useNavigate();
  const childList = useChildren();
  const nested = useChildMatches().length > 0;
  const target = childList && user ? landingChild(childList, rememberedChild(localStorage, user.id)) : null;

  useEffect(() => {
    if (!nested && target)
      void navigate({ to: '/children/$studentId', params: { studentId: target }, replace: true });
  }, [nested, target, navigate]);

  // A child's screens live under this path; they render alone.
  if (nested) return <Outlet />;
  if (childList === undefined || target) return <Spinner label={t`Loading`} />;
  if (childList.length === 0) return <NoChildScreen />;
  return <ChildChooser childList={childList} />;
}
