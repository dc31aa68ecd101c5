import { createFileRoute, Outlet, useChildMatches } from '@tanstack/react-router';
import { canOpenRoute } from '../../../domain/route-roles';
import { useSessionUser } from '../../app/session-context';
import { studentsUrlSearch } from '../../features/people/student-search';
import { StudentsScreen } from '../../features/people/students-screen';

export const Route = createFileRoute('/_app/students')({
  validateSearch: studentsUrlSearch,
  component: StudentsRoute,
});

function StudentsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const user = useSessionUser();
  // The add and detail screens live under this path; they render alone.
  if (useChildMatches().length > 0) return <Outlet />;
  const role = user?.role;
  return (
    <StudentsScreen
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
      canAdd={role !== undefined && canOpenRoute(role, '/students/add')}
      canOpen={role !== undefined && canOpenRoute(role, '/students/$studentId')}
      onAdd={() => void navigate({ to: '/students/add' })}
    />
  );
}
