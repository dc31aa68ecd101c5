import { createFileRoute, Outlet, useChildMatches } from '@tanstack/react-router';
import { Role } from '../../../../domain/roles';
import { useSessionUser } from '../../../app/session-context';
import { SubjectListScreen } from '../../../features/subjects/subject-list-screen';
import { subjectListSearch } from '../../../features/subjects/subject-list-search';

export const Route = createFileRoute('/_app/academic/subjects')({
  validateSearch: subjectListSearch,
  component: SubjectsRoute,
});

function SubjectsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const user = useSessionUser();
  // The add, detail, lesson and copy screens live under this path; they render alone.
  if (useChildMatches().length > 0) return <Outlet />;
  return (
    <SubjectListScreen
      search={search}
      onSearchChange={(next) => void navigate({ search: next })}
      canAdd={user?.role === Role.admin}
      isStudent={user?.role === Role.student}
      onAdd={() => void navigate({ to: '/academic/subjects/add' })}
      onOpen={(subjectId) => void navigate({ to: '/academic/subjects/$subjectId', params: { subjectId } })}
    />
  );
}
