import { createFileRoute, Outlet, useChildMatches } from '@tanstack/react-router';
import { oneOfOr, searchParser } from '../../../../../domain/search-params';
import { useForbiddenExit } from '../../../../app/api-failure';
import { useSessionUser } from '../../../../app/session-context';
import { appToasts } from '../../../../app/toasts';
import { SubjectDetailScreen } from '../../../../features/subjects/subject-detail-screen';
import { SUBJECT_TABS } from '../../../../features/subjects/subject-tabs';

export const Route = createFileRoute('/_app/academic/subjects/$subjectId')({
  validateSearch: searchParser({ tab: oneOfOr(SUBJECT_TABS, 'classes') }),
  component: SubjectRoute,
});

function SubjectRoute() {
  const { subjectId } = Route.useParams();
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  const user = useSessionUser();
  const onForbidden = useForbiddenExit();
  // The lesson and copy screens live under this path (SPEC §2: non-exact); they render alone.
  if (useChildMatches().length > 0) return <Outlet />;
  return (
    <SubjectDetailScreen
      key={subjectId}
      subjectId={subjectId}
      tab={tab}
      role={user?.role ?? -1}
      actions={{
        notify: (title, ok) => appToasts.show({ title, tone: ok ? 'success' : 'error' }),
        onTab: (next) => void navigate({ search: { tab: next }, replace: true }),
        onOpenLesson: (lessonId) =>
          void navigate({
            to: '/academic/subjects/$subjectId/lessons/$lessonId',
            params: { subjectId, lessonId },
            search: { exam: false },
          }),
        onAddLesson: (exam) =>
          void navigate({
            to: '/academic/subjects/$subjectId/lessons/$lessonId',
            params: { subjectId, lessonId: 'new' },
            search: { exam },
          }),
        onCopy: () => void navigate({ to: '/academic/subjects/$subjectId/copy', params: { subjectId } }),
        onDeleted: () => void navigate({ to: '/academic/subjects' }),
        onForbidden,
      }}
    />
  );
}
