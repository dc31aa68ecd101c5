import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ErrorCode } from '../../../../domain/errors';
import { useConnection } from '../../../app/connection-context';
import { useSessionUser } from '../../../app/session-context';
import { appToasts } from '../../../app/toasts';
import { RequestDetailScreen } from '../../../features/requests/request-detail-screen';
import { errorMessage } from '../../../i18n/error-messages';

export const Route = createFileRoute('/_app/requests/$requestId')({
  component: RequestDetailRoute,
});

function RequestDetailRoute() {
  const { requestId } = Route.useParams();
  const navigate = Route.useNavigate();
  const { i18n } = useLingui();
  const user = useSessionUser();
  const { online } = useConnection();
  if (!user) return null;
  return (
    <RequestDetailScreen
      key={requestId}
      requestId={requestId}
      role={user.role}
      userId={user.id}
      online={online !== false}
      notify={(notice) => appToasts.show(notice)}
      // SPEC §8, as the shared handler does it: a missing request goes to /not-found, any other failed read
      // (a 422 among them) leaves the screen empty and says why.
      onReadFailure={(code) => {
        if (code === ErrorCode.notFound) void navigate({ to: '/not-found', replace: true });
        else appToasts.show({ tone: 'error', title: errorMessage(i18n, code) });
      }}
    />
  );
}
