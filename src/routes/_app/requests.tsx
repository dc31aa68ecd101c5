import { useLingui } from '@lingui/react/macro';
import { createFileRoute, Outlet, useChildMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Role } from '../../../domain/roles';
import { useSessionUser } from '../../app/session-context';
import { appToasts } from '../../app/toasts';
import { useIsMobile } from '../../app/use-is-mobile';
import { takeFiled } from '../../features/requests/filed-notice';
import {
  rememberRequestTab,
  requestListSearch,
  resolveRequestTab,
} from '../../features/requests/request-list-search';
import { RequestsScreen } from '../../features/requests/requests-screen';

export const Route = createFileRoute('/_app/requests')({
  validateSearch: requestListSearch,
  component: RequestsRoute,
});

function RequestsRoute() {
  const { t } = useLingui();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const user = useSessionUser();
  const isMobile = useIsMobile();
  const tab = resolveRequestTab(search.tab, localStorage);
  const child = useChildMatches().length > 0;

  useEffect(() => rememberRequestTab(tab, localStorage), [tab]);
  // SPEC §8 "request create": the form reloads the page onto this list, so its toast waits for the list.
  useEffect(() => {
    if (takeFiled() > 0) appToasts.show({ tone: 'success', title: t`The request was filed.` });
  }, [t]);

  // The form and the detail live under this path; they render alone.
  if (child) return <Outlet />;
  if (!user) return null;
  return (
    <RequestsScreen
      tab={tab}
      search={search}
      showStudent={user.role !== Role.student}
      fileHref={user.role === Role.student ? '/requests/add' : undefined}
      isMobile={isMobile}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
