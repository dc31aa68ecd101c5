import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { OnlineView } from '../../db/use-online-view';
import { ViewState } from '../../ui/view-state';
import { type AccessLogItem, AccessLogList } from './access-log-list';
import { useChildAccessLog, useMyAccessLog } from './privacy-calls';
import { RecordDownloadButtons } from './record-download-button';

/**
 * The reads of one record as "who looked" shows them: the staff (and guardians) who read it, newest first,
 * with their role, the date and time and what they read; offline, the last answer "as of" its time or a note
 * that it needs a connection.
 */
function WhoLookedList({ view }: { view: OnlineView<{ entries: AccessLogItem[] }> }) {
  return (
    <>
      <ViewState view={view} />
      {view.value && <AccessLogList entries={view.value.entries} />}
    </>
  );
}

/**
 * "Who looked at my record" (issue 46, `GET /api/me/access-log`): the student's own record, and below it the
 * whole record as a JSON file or an Excel workbook.
 */
export function WhoLookedScreen({ studentId }: { studentId: string | null | undefined }) {
  const view = useMyAccessLog();
  return (
    <WhoLookedFrame
      heading={
        <h1 className="text-xl font-semibold">
          <Trans>Who looked at my record</Trans>
        </h1>
      }
      intro={
        <Trans>
          Every time a teacher, an administrator or the school's system reads your attendance, scores,
          requests or profile, it is written here. The newest 50 are shown.
        </Trans>
      }
    >
      <WhoLookedList view={view} />
      <RecordDownloadButtons studentId={studentId} own />
    </WhoLookedFrame>
  );
}

/**
 * A guardian's tab "Who looked" of one child (issue 46, `GET /api/students/{id}/who-looked`): the same list,
 * of the child's record; the guardian's own reads are not in it. The child's frame names the child above.
 */
export function ChildWhoLookedScreen({ studentId }: { studentId: string }) {
  const view = useChildAccessLog(studentId);
  return (
    <WhoLookedFrame
      heading={
        <h2 className="text-lg font-medium">
          <Trans>Who looked at my child's record</Trans>
        </h2>
      }
      intro={
        <Trans>
          Every time a teacher, an administrator or another guardian reads your child's attendance, scores,
          requests or profile, it is written here. The newest 50 are shown.
        </Trans>
      }
    >
      <WhoLookedList view={view} />
    </WhoLookedFrame>
  );
}

function WhoLookedFrame({
  heading,
  intro,
  children,
}: {
  heading: ReactNode;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-4">
      {heading}
      <p className="text-sm text-slate-600">{intro}</p>
      {children}
    </div>
  );
}
