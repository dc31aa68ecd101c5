import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ErrorCode } from '../../../../../../../domain/errors';
import { appToasts } from '../../../../../../app/toasts';
import { HighlightDetailScreen } from '../../../../../../features/subjects/highlight-detail-screen';
import { errorMessage } from '../../../../../../i18n/error-messages';

export const Route = createFileRoute('/_app/academic/subjects/$subjectId/highlights/$highlightId')({
  component: HighlightRoute,
});

function HighlightRoute() {
  const { subjectId, highlightId } = Route.useParams();
  const navigate = Route.useNavigate();
  const { i18n } = useLingui();
  return (
    <HighlightDetailScreen
      key={highlightId}
      subjectId={subjectId}
      highlightId={highlightId}
      // SPEC §8: a 403 shows the server's message and goes to /.
      onForbidden={() => {
        appToasts.show({ tone: 'error', title: errorMessage(i18n, ErrorCode.forbidden) });
        void navigate({ to: '/' });
      }}
    />
  );
}
