import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { isRunning } from '../../../domain/schedules';
import { formatDate, formatTime } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { cn } from '../../ui/cn';
import { ArrivingOrEmpty } from '../shared/arriving-or-empty';
import { localTime } from '../shared/local-clock';
import { ScreenLink } from '../shared/screen-link';
import { attendanceHref } from './calendar-sittings';
import { NowBadge } from './now-badge';
import { CALENDAR_COLLECTIONS, useCalendarSittings } from './use-calendar';

/** How often "my day" moves its "now" mark. */
const NOW_TICK_MS = 30_000;

/** The device's wall-clock `HH:mm`, moving every `NOW_TICK_MS`. */
function useNow(): string {
  const [now, setNow] = useState(localTime);
  useEffect(() => {
    const timer = setInterval(() => setNow(localTime()), NOW_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * "My day" (issue 19): the teacher's sittings of today in time order from the local database, the running
 * one marked, each one tap from its attendance sheet opened on that sitting and class. Offline too. During a
 * new device's first sync, a day without sittings says they are still arriving, not that there are none.
 */
export function MyDay({ teacherId, today }: { teacherId: string; today: string }) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const now = useNow();
  const sittings = useCalendarSittings(
    { first: today, last: today },
    { kind: 'teacher', teacherIds: [teacherId] },
  );
  return (
    <section aria-labelledby="my-day-title" className="flex flex-col gap-2">
      <h2 id="my-day-title" className="text-lg font-semibold">
        <Trans>My day</Trans>{' '}
        <span className="text-sm font-normal text-slate-600">{formatDate(today, locale)}</span>
      </h2>
      {sittings && sittings.length === 0 && (
        <ArrivingOrEmpty inline collections={CALENDAR_COLLECTIONS} empty={t`No sittings today.`} />
      )}
      {sittings && sittings.length > 0 && (
        <ol className="flex flex-col gap-2">
          {sittings.map((sitting) => {
            const running = isRunning(sitting, today, now);
            const time = `${formatTime(sitting.startTime, locale)}–${formatTime(sitting.endTime, locale)}`;
            return (
              <li key={sitting.id}>
                <ScreenLink
                  to={attendanceHref(sitting)}
                  className={cn(
                    'flex min-h-12 flex-col rounded border border-l-4 border-slate-200 bg-white px-3 py-2 text-sm hover:bg-slate-50',
                    running && 'ring-2 ring-emerald-600',
                  )}
                >
                  <span className="font-medium">
                    {time}
                    {running && <NowBadge />}
                  </span>
                  <span>
                    {sitting.subjectName} · {sitting.lessonName}
                  </span>
                  <span className="text-slate-600">
                    {sitting.className}
                    {sitting.roomName && ` · ${sitting.roomName}`}
                  </span>
                  <span className="sr-only">{t`Open the attendance of this sitting`}</span>
                </ScreenLink>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
