import { createFileRoute } from '@tanstack/react-router';
import { canCall } from '../../../../domain/permissions';
import { useSessionUser } from '../../../app/session-context';
import { appToasts } from '../../../app/toasts';
import { ObserverDetailScreen } from '../../../features/people/observer-detail-screen';
import { StaffAccessPanel } from '../../../features/privacy/staff-access-panel';

export const Route = createFileRoute('/_app/observers/$observerId')({ component: ObserverRoute });

function ObserverRoute() {
  const { observerId } = Route.useParams();
  const navigate = Route.useNavigate();
  const user = useSessionUser();
  return (
    <ObserverDetailScreen
      key={observerId}
      observerId={observerId}
      accessPanel={
        canCall(user?.role ?? null, 'GET /api/users/:userId/access-log') && (
          <StaffAccessPanel userId={observerId} />
        )
      }
      onNotFound={() => void navigate({ to: '/not-found' })}
      onDeleted={() => void navigate({ to: '/observers' })}
      notify={(notice) => appToasts.show(notice)}
    />
  );
}
