import { Trans } from '@lingui/react/macro';
import { ViewState } from '../../ui/view-state';
import { AccessLogList } from './access-log-list';
import { useMyAccessLog } from './privacy-calls';
import { RecordDownloadButton } from './record-download-button';

/**
 * "Who looked at my record" (issue 46, `GET /api/me/access-log`): the staff who read the signed-in student's
 * record, newest first, with their role, the date and time and what they read; offline, the last answer "as
 * of" its time or a note that it needs a connection. Below, the student's whole record as a JSON file.
 */
export function WhoLookedScreen({ studentId }: { studentId: string | null | undefined }) {
  const view = useMyAccessLog();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-semibold">
        <Trans>Who looked at my record</Trans>
      </h1>
      <p className="text-sm text-slate-600">
        <Trans>
          Every time a teacher, an administrator or the school's system reads your attendance, scores,
          requests or profile, it is written here. The newest 50 are shown.
        </Trans>
      </p>
      <ViewState view={view} />
      {view.value && <AccessLogList entries={view.value.entries} />}
      <RecordDownloadButton studentId={studentId} label={<Trans>Download my data (JSON)</Trans>} />
    </div>
  );
}
