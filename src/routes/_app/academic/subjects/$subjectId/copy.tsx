import { createFileRoute } from '@tanstack/react-router';
import { appToasts } from '../../../../../app/toasts';
import { CopyScreen } from '../../../../../features/subjects/copy-screen';

export const Route = createFileRoute('/_app/academic/subjects/$subjectId/copy')({ component: CopyRoute });

function CopyRoute() {
  const { subjectId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <CopyScreen
      key={subjectId}
      subjectId={subjectId}
      notify={(title, ok) => appToasts.show({ title, tone: ok ? 'success' : 'error' })}
      // SPEC §2: a copy goes to the subject list.
      onDone={() => void navigate({ to: '/academic/subjects' })}
    />
  );
}
