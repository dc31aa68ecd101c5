import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { StudentReportScreen } from '../../../features/reports/student-report-screen';

const searchSchema = z.object({ student: z.string().max(64).optional().catch(undefined) });

export const Route = createFileRoute('/_app/report/student')({
  validateSearch: searchSchema,
  component: StudentReportRoute,
});

function StudentReportRoute() {
  const { student } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <StudentReportScreen
      studentId={student ?? ''}
      onChooseStudent={(id) => void navigate({ search: { student: id || undefined } })}
    />
  );
}
