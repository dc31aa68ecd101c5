import { createFileRoute } from '@tanstack/react-router';
import { appToasts } from '../../../app/toasts';
import { StudentAddScreen } from '../../../features/people/student-add-screen';

export const Route = createFileRoute('/_app/students/add')({ component: AddStudentsRoute });

function AddStudentsRoute() {
  const navigate = Route.useNavigate();
  return (
    <StudentAddScreen
      // SPEC §2: student create and bulk add go to /students.
      onSaved={() => void navigate({ to: '/students' })}
      notify={(notice) => appToasts.show(notice)}
    />
  );
}
