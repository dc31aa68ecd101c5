import { createFileRoute } from '@tanstack/react-router';
import { optionalText, searchParser } from '../../../../../../../domain/search-params';
import { useConnection } from '../../../../../../app/connection-context';
import { useSessionUser } from '../../../../../../app/session-context';
import { SubScoreScreen } from '../../../../../../features/achievement/sub-score-screen';

const searchSchema = searchParser({ subjectClass: optionalText(64) });

export const Route = createFileRoute('/_app/achievement/subjects/$subjectId/score-names/$scoreNameId')({
  validateSearch: searchSchema,
  component: SubScoreRoute,
});

function SubScoreRoute() {
  const user = useSessionUser();
  const { subjectId, scoreNameId } = Route.useParams();
  const { subjectClass } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { online } = useConnection();
  if (!user) return null;
  return (
    <SubScoreScreen
      actor={{ id: user.id, role: user.role }}
      subjectId={subjectId}
      scoreNameId={scoreNameId}
      classId={subjectClass}
      online={online === true}
      onChooseClass={(classId) => void navigate({ search: { subjectClass: classId } })}
    />
  );
}
