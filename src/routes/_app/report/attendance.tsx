import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { optionalOneOf, optionalText, searchParser } from '../../../../domain/search-params';
import { AttendanceReportScreen } from '../../../features/reports/attendance-report-screen';

const searchSchema = searchParser({
  subject: optionalText(64),
  tab: optionalOneOf(['students', 'classes']),
});

export const Route = createFileRoute('/_app/report/attendance')({
  validateSearch: searchSchema,
  component: AttendanceReportRoute,
});

function AttendanceReportRoute() {
  const { subject, tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  const chooseSubject = useCallback(
    (subjectId: string, replace: boolean) =>
      void navigate({ search: (current) => ({ ...current, subject: subjectId }), replace }),
    [navigate],
  );
  return (
    <AttendanceReportScreen
      subjectId={subject ?? ''}
      tab={tab ?? 'students'}
      onChooseSubject={chooseSubject}
      onTabChange={(next) =>
        void navigate({ search: (current) => ({ ...current, tab: next }), replace: true })
      }
    />
  );
}
