import { createFileRoute } from '@tanstack/react-router';
import { optionalText, searchParser } from '../../../../domain/search-params';
import { StudentReportScreen } from '../../../features/reports/student-report-screen';

const searchSchema = searchParser({ student: optionalText(64) });

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
