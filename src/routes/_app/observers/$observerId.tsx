import { createFileRoute } from '@tanstack/react-router';
import { appToasts } from '../../../app/toasts';
import { ObserverDetailScreen } from '../../../features/people/observer-detail-screen';

export const Route = createFileRoute('/_app/observers/$observerId')({ component: ObserverRoute });

function ObserverRoute() {
  const { observerId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <ObserverDetailScreen
      key={observerId}
      observerId={observerId}
      onNotFound={() => void navigate({ to: '/not-found' })}
      onDeleted={() => void navigate({ to: '/observers' })}
      notify={(notice) => appToasts.show(notice)}
    />
  );
}
