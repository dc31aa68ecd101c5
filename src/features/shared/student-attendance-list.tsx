import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { AttendanceStatus } from '../../../domain/attendance';
import { RequestStatus } from '../../../domain/request-status';
import { STATUS_LABELS } from '../../i18n/attendance-status-labels';
import { formatDate } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { EmptyState } from '../../ui/empty-state';
import { OPTION_LABELS } from './request-option-labels';
import { ScreenLink } from './screen-link';
import type { AttendanceEntry, SittingRequest } from './student-attendance';
import { useStudentAttendance } from './use-student-attendance';

/** Where a student's request about a sitting stands, in their words. */
const REQUEST_STANDING: Record<RequestStatus, MessageDescriptor> = {
  [RequestStatus.requesting]: msg`waiting for a decision`,
  [RequestStatus.accepted]: msg`approved`,
  [RequestStatus.rejected]: msg`rejected`,
  [RequestStatus.cancelled]: msg`cancelled`,
};

/** Badge colours of a mark: the same meaning as the attendance sheet's, kept quiet. */
const STATUS_TONES: Record<AttendanceStatus, string> = {
  [AttendanceStatus.present]: 'bg-green-100 text-green-900',
  [AttendanceStatus.late]: 'bg-amber-100 text-amber-900',
  [AttendanceStatus.unexplainedAbsence]: 'bg-red-100 text-red-900',
  [AttendanceStatus.absent]: 'bg-sky-100 text-sky-900',
};

/** A sitting's mark as a badge: to come, not entered, or the status (with the late minutes). */
export function MarkBadge({ entry }: { entry: AttendanceEntry }) {
  const { t, i18n } = useLingui();
  const base = 'shrink-0 rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap';
  if (!entry.held) return <span className={`${base} bg-slate-100 text-slate-700`}>{t`Coming`}</span>;
  if (entry.status === null)
    return <span className={`${base} bg-slate-100 text-slate-600`}>{t`Not entered`}</span>;
  const minutes = entry.lateMinutes;
  return (
    <span className={`${base} ${STATUS_TONES[entry.status]}`}>
      {i18n._(STATUS_LABELS[entry.status])}
      {minutes !== null && ` (${t`${minutes} min`})`}
    </span>
  );
}

/**
 * The request about a sitting and where it stands, opening it: "your request" to the student, "request" to
 * anyone else reading the child's record (a guardian, issue 43).
 */
export function RequestLine({ request, own }: { request: SittingRequest; own: boolean }) {
  const { i18n } = useLingui();
  const kind = i18n._(OPTION_LABELS[request.option]);
  const standing = i18n._(REQUEST_STANDING[request.status]);
  return (
    <p className="text-sm">
      <ScreenLink to={`/requests/${request.id}`} className="text-blue-800 underline">
        {own ? (
          <Trans>
            Your request: {kind}, {standing}
          </Trans>
        ) : (
          <Trans>
            Request: {kind}, {standing}
          </Trans>
        )}
      </ScreenLink>
    </p>
  );
}

function EntryItem({ entry, own }: { entry: AttendanceEntry; own: boolean }) {
  const { i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  return (
    <li className="flex min-w-0 flex-col gap-1 border-b border-slate-100 py-2 last:border-b-0">
      <div className="flex min-w-0 items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-medium">
            <time dateTime={entry.day}>{formatDate(entry.day, locale, 'date')}</time>{' '}
            <span className="font-normal text-slate-600 tabular-nums">
              {entry.startTime}–{entry.endTime}
            </span>
          </p>
          <p data-user-text="" className="text-sm break-words text-slate-800">
            {entry.subjectName} · {entry.sittingName}
          </p>
        </div>
        <MarkBadge entry={entry} />
      </div>
      {entry.reason && (
        <p className="text-sm break-words text-slate-700">
          <Trans>Reason:</Trans> <span data-user-text="">{entry.reason}</span>
        </p>
      )}
      {entry.request && <RequestLine request={entry.request} own={own} />}
    </li>
  );
}

function EntryList({
  label,
  entries,
  own,
}: {
  label: string;
  entries: readonly AttendanceEntry[];
  own: boolean;
}) {
  if (entries.length === 0) return null;
  return (
    <section aria-label={label} className="space-y-1">
      <h3 className="text-sm font-semibold text-slate-600">{label}</h3>
      <ol aria-label={label} className="rounded border border-slate-200 px-3">
        {entries.map((entry) => (
          <EntryItem key={entry.scheduleId} entry={entry} own={own} />
        ))}
      </ol>
    </section>
  );
}

/**
 * One student's attendance sitting by sitting, from the local database (issue 42): the sittings to come, each
 * with the notice the student sent for it and whether it was approved, and the sittings held, latest first,
 * with the mark and the teacher's reason. It takes a student id so any screen showing a student's own record
 * can show it; `own` is false where someone else reads it (a guardian, issue 43).
 */
export function StudentAttendanceList({ studentId, own = true }: { studentId: string; own?: boolean }) {
  const { t } = useLingui();
  const history = useStudentAttendance(studentId);
  return (
    <section aria-labelledby="attendance-by-sitting" className="space-y-3">
      <h2 id="attendance-by-sitting" className="text-lg font-medium">
        <Trans>Attendance by sitting</Trans>
      </h2>
      {history && history.coming.length === 0 && history.held.length === 0 && (
        <EmptyState title={t`No sittings yet.`} />
      )}
      {history && (
        <>
          <EntryList label={t`Coming sittings`} entries={history.coming} own={own} />
          <EntryList label={t`Held sittings`} entries={history.held} own={own} />
        </>
      )}
    </section>
  );
}
