import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { z } from 'zod';
import { AttendanceReportScreen } from '../../../features/reports/attendance-report-screen';

const searchSchema = z.object({
  subject: z.string().max(64).optional().catch(undefined),
  tab: z.enum(['students', 'classes']).optional().catch(undefined),
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
