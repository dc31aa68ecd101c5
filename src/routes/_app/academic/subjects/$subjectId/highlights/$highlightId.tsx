import { createFileRoute } from '@tanstack/react-router';
import { useForbiddenExit } from '../../../../../../app/api-failure';
import { HighlightDetailScreen } from '../../../../../../features/subjects/highlight-detail-screen';

export const Route = createFileRoute('/_app/academic/subjects/$subjectId/highlights/$highlightId')({
  component: HighlightRoute,
});

function HighlightRoute() {
  const { subjectId, highlightId } = Route.useParams();
  const onForbidden = useForbiddenExit();
  return (
    <HighlightDetailScreen
      key={highlightId}
      subjectId={subjectId}
      highlightId={highlightId}
      onForbidden={onForbidden}
    />
  );
}
