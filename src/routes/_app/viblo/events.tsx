import { createFileRoute, Outlet, useChildMatches } from '@tanstack/react-router';
import { eventsSearch } from '../../../../domain/events-search';
import { Role } from '../../../../domain/roles';
import { useConnection } from '../../../app/connection-context';
import { useSessionUser } from '../../../app/session-context';
import { appToasts } from '../../../app/toasts';
import { EventsScreen } from '../../../features/events/events-screen';

export const Route = createFileRoute('/_app/viblo/events')({
  validateSearch: eventsSearch,
  component: EventsRoute,
});

function EventsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const user = useSessionUser();
  const { online } = useConnection();
  // The add and edit forms live under this path; they render alone.
  if (useChildMatches().length > 0) return <Outlet />;
  return (
    <EventsScreen
      search={search}
      onSearchChange={(next) => void navigate({ search: next })}
      canEdit={user?.role === Role.admin}
      online={online === true}
      onAdd={() => void navigate({ to: '/viblo/events/add' })}
      onEdit={(eventId) => void navigate({ to: '/viblo/events/$eventId/edit', params: { eventId } })}
      notify={(notice) => appToasts.show(notice)}
    />
  );
}
