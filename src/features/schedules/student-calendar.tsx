import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Role } from '../../../domain/roles';
import type { CalendarView } from './calendar-search';
import { ScheduleCalendar } from './schedule-calendar';

/**
 * A student's own calendar (issue 19), on their dashboard where they land: their classes' published sittings
 * from the local database, monthly by default (SPEC §9), offline too. Loaded through `React.lazy`, so the
 * calendar loads only for students.
 */
export function StudentCalendar({
  userId,
  today,
  isMobile,
}: {
  userId: string;
  today: string;
  isMobile: boolean;
}) {
  const { t } = useLingui();
  const [place, setPlace] = useState<{ view: CalendarView; date: string }>({ view: 'month', date: today });
  return (
    <ScheduleCalendar
      who={{ kind: 'student', userId }}
      role={Role.student}
      view={place.view}
      date={place.date}
      today={today}
      isMobile={isMobile}
      title={t`My timetable`}
      exportName={t`My timetable`}
      onChange={setPlace}
    />
  );
}
