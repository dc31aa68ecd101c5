import { createFileRoute, Outlet, useChildMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useIsMobile } from '../../../../app/use-is-mobile';
import {
  rememberRequestTab,
  requestListSearch,
  resolveRequestTab,
} from '../../../../features/requests/request-list-search';
import { RequestsScreen } from '../../../../features/requests/requests-screen';

// A guardian's view of their child's requests and the decisions (issue 43): the request list, of one child.
export const Route = createFileRoute('/_app/children/$studentId/requests')({
  validateSearch: requestListSearch,
  component: ChildRequestsRoute,
});

function ChildRequestsRoute() {
  const { studentId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const isMobile = useIsMobile();
  const tab = resolveRequestTab(search.tab, localStorage);
  const nested = useChildMatches().length > 0;
  useEffect(() => rememberRequestTab(tab, localStorage), [tab]);
  // The excuse form lives under this path; it renders alone.
  if (nested) return <Outlet />;
  return (
    <RequestsScreen
      tab={tab}
      search={search}
      showStudent={false}
      studentId={studentId}
      fileHref={`/children/${studentId}/requests/new`}
      isMobile={isMobile}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
