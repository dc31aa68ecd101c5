import { createFileRoute, Outlet, useMatch } from '@tanstack/react-router';
import { optionalText, searchParser } from '../../../domain/search-params';
import { useConnection } from '../../app/connection-context';
import { useSessionUser } from '../../app/session-context';
import { AchievementScreen } from '../../features/achievement/achievement-screen';
import { useRememberedClass } from '../../features/shared/use-remembered-class';

const searchSchema = searchParser({ subjectClass: optionalText(64) });

export const Route = createFileRoute('/_app/achievement')({
  validateSearch: searchSchema,
  component: AchievementRoute,
});

function AchievementRoute() {
  const user = useSessionUser();
  const { subjectClass } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { online } = useConnection();
  // The sub-score page lives under this path; it renders alone.
  const child = useMatch({
    from: '/_app/achievement/subjects/$subjectId/score-names/$scoreNameId',
    shouldThrow: false,
  });
  // The sub-score page below shares the search; only this screen opens the remembered class.
  useRememberedClass(subjectClass, (classId) => {
    if (!child) void navigate({ search: { subjectClass: classId }, replace: true });
  });
  if (child) return <Outlet />;
  if (!user) return null;
  return (
    <AchievementScreen
      actor={{ id: user.id, role: user.role }}
      classId={subjectClass ?? ''}
      online={online === true}
      onChooseClass={(classId) => void navigate({ search: { subjectClass: classId } })}
    />
  );
}
