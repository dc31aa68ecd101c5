import { Trans } from '@lingui/react/macro';
import { ViewState } from '../../ui/view-state';
import { AccessLogList } from './access-log-list';
import { useStudentAccessLog } from './privacy-calls';
import { RecordDownloadButtons } from './record-download-button';

/**
 * The admin's part of a student's screen (issue 46): who read the student's record (the newest 50,
 * `GET /api/students/:studentId/access-log`), and the whole record as a JSON file or an Excel workbook.
 */
export function StudentAccessPanel({ studentId }: { studentId: string }) {
  const view = useStudentAccessLog(studentId);
  return (
    <section aria-labelledby="access-log-title" className="flex flex-col gap-2">
      <h2 id="access-log-title" className="text-lg font-medium">
        <Trans>Access log</Trans>
      </h2>
      <ViewState view={view} />
      {view.value && <AccessLogList entries={view.value.entries} />}
      <RecordDownloadButtons studentId={studentId} own={false} />
    </section>
  );
}
