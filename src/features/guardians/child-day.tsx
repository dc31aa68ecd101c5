import { Trans, useLingui } from '@lingui/react/macro';
import { addDays } from '../../../domain/dates';
import { RequestStatus } from '../../../domain/request-status';
import type { SyncCollection } from '../../../domain/sync';
import { formatDate, formatTime } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { Button } from '../../ui/button';
import { ArrivingOrEmpty } from '../shared/arriving-or-empty';
import { ScreenLink } from '../shared/screen-link';
import type { AttendanceEntry } from '../shared/student-attendance';
import { MarkBadge, RequestLine } from '../shared/student-attendance-list';
import { useStudentAttendance } from '../shared/use-student-attendance';

/** What the day shows of a sitting (a calendar sitting of the schedules area has these and more). */
export type DaySitting = {
  id: string;
  startTime: string;
  endTime: string;
  subjectName: string;
  lessonName: string;
  className: string;
  roomName: string | null;
  assist: boolean;
};

/** A request that still stands or was granted: the sitting needs no second excuse. */
function isExcusedOrAsked(entry: AttendanceEntry | undefined): boolean {
  const status = entry?.request?.status;
  return status === RequestStatus.requesting || status === RequestStatus.accepted;
}

/**
 * A child's day for their guardian (issue 43): the child's sittings of `date` in time order from the local
 * database (the student's own timetable), each with its mark, the teacher's reason and the request about it,
 * and a way to excuse an absence or lateness for it. Offline too; during the first sync an empty day says the
 * sittings are still arriving. The route brings the day's sittings from the calendar of the schedules area
 * (`sittings`, undefined while read) and the collections they are joined from (`sittingSources`).
 */
export function ChildDay({
  studentId,
  date,
  today,
  sittings,
  sittingSources,
  onDateChange,
}: {
  studentId: string;
  date: string;
  today: string;
  sittings: readonly DaySitting[] | undefined;
  sittingSources: readonly SyncCollection[];
  onDateChange: (date: string) => void;
}) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const history = useStudentAttendance(studentId);
  const entries = new Map(
    [...(history?.coming ?? []), ...(history?.held ?? [])].map((entry) => [entry.scheduleId, entry]),
  );
  const step = (days: number) => onDateChange(addDays(date, days) ?? date);
  return (
    <section aria-labelledby="child-day-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="child-day-title" className="text-lg font-semibold">
          {date === today ? <Trans>Today</Trans> : <Trans>Day</Trans>}{' '}
          <span className="text-sm font-normal text-slate-600">{formatDate(date, locale)}</span>
        </h2>
        <div className="flex items-center gap-1">
          <Button variant="secondary" onClick={() => step(-1)} aria-label={t`Previous day`}>
            ‹
          </Button>
          {date !== today && (
            <Button variant="secondary" onClick={() => onDateChange(today)}>
              <Trans>Today</Trans>
            </Button>
          )}
          <Button variant="secondary" onClick={() => step(1)} aria-label={t`Next day`}>
            ›
          </Button>
        </div>
      </div>
      {sittings && sittings.length === 0 && (
        <ArrivingOrEmpty inline collections={sittingSources} empty={t`No sittings on this day.`} />
      )}
      {sittings && sittings.length > 0 && (
        <ol aria-label={t`Sittings`} className="flex flex-col gap-2">
          {sittings.map((sitting) => {
            const entry = entries.get(sitting.id);
            const time = `${formatTime(sitting.startTime, locale)}–${formatTime(sitting.endTime, locale)}`;
            return (
              <li
                key={sitting.id}
                aria-label={`${time} ${sitting.subjectName}`}
                className="flex min-w-0 flex-col gap-1 rounded border border-slate-200 bg-white px-3 py-2 text-sm"
              >
                <div className="flex min-w-0 items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium tabular-nums">{time}</p>
                    <p data-user-text="" className="break-words">
                      {sitting.subjectName} · {sitting.lessonName}
                    </p>
                    <p className="break-words text-slate-600">
                      {sitting.className}
                      {sitting.roomName && ` · ${sitting.roomName}`}
                    </p>
                  </div>
                  {entry && <MarkBadge entry={entry} />}
                </div>
                {entry?.reason && (
                  <p className="break-words text-slate-700">
                    <Trans>Reason:</Trans> <span data-user-text="">{entry.reason}</span>
                  </p>
                )}
                {entry?.request && <RequestLine request={entry.request} own={false} />}
                {!sitting.assist && !isExcusedOrAsked(entry) && (
                  <ScreenLink
                    to={`/children/${studentId}/requests/new?scheduleId=${sitting.id}`}
                    className="self-start text-blue-800 underline"
                  >
                    <Trans>Excuse an absence or lateness</Trans>
                  </ScreenLink>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
