import { Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { firstValueFrom } from 'rxjs';
import type { AccountRole } from '../../../domain/roles';
import { rolesForRoute } from '../../../domain/route-roles';
import { termOf } from '../../../domain/schedules';
import { useIsRegisteredPath } from '../../app/use-registered-paths';
import { useDatabase } from '../../db/database-context';
import { semesters } from '../../db/queries/calendar';
import { errorMessage } from '../../i18n/error-messages';
import { localeOrDefault } from '../../i18n/i18n';
import { AsOf } from '../../ui/as-of';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { StillArriving, useEmptyWording } from '../shared/arriving-or-empty';
import type { CalendarView as View } from './calendar-search';
import { type CalendarSitting, fromCalendarSchedule } from './calendar-sittings';
import { CalendarView, type SittingLinks, visibleRange } from './calendar-view';
import { downloadIcs, sittingsToIcs } from './ics';
import { useTeachersOnline } from './schedule-calls';
import {
  CALENDAR_COLLECTIONS,
  type CalendarWho,
  calendarSittings$,
  useCalendarSittings,
} from './use-calendar';

/** The links a role's calendar offers on a sitting: each only where the role may open the screen. */
export function useSittingLinks(role: AccountRole): SittingLinks {
  const isRegistered = useIsRegisteredPath();
  const mayOpen = (path: string) => isRegistered(path) && (rolesForRoute(path)?.includes(role) ?? false);
  return {
    lesson: mayOpen('/academic/subjects/$subjectId/lessons/$lessonId'),
    attendance: mayOpen('/attendance'),
  };
}

/**
 * A calendar of the sittings `who` names, read from the local database: the view and date are the screen's
 * (its URL's), so a reload or a shared link opens the same place.
 */
export function ScheduleCalendar({
  who,
  role,
  view,
  date,
  today,
  isMobile,
  title,
  exportName,
  fromServer = false,
  onChange,
}: {
  who: CalendarWho;
  role: AccountRole;
  view: View;
  date: string;
  today: string;
  isMobile: boolean;
  title: string;
  /** When set, an "export .ics" button offers the term's sittings under this calendar name. */
  exportName?: string;
  /** Read a teacher calendar from the server's calls (wider than this device holds) instead of locally. */
  fromServer?: boolean;
  onChange: (next: { view: View; date: string }) => void;
}) {
  const { t, i18n } = useLingui();
  const database = useDatabase();
  const locale = localeOrDefault(i18n.locale);
  const range = visibleRange(view, date, locale);
  const local = useCalendarSittings(range, who);
  const remote = useTeachersOnline(fromServer && who.kind === 'teacher' ? who.teacherIds : null, range);
  const loaded = fromServer ? remote.value?.schedules.map(fromCalendarSchedule) : local;
  // While another range loads, the grid stays with what it showed (its days outside the new range simply
  // empty) instead of a spinner that would take the whole calendar off the screen on every previous/next.
  const last = useRef<CalendarSitting[] | undefined>(undefined);
  if (loaded) last.current = loaded;
  const sittings = loaded ?? last.current;
  const links = useSittingLinks(role);
  // The device's sittings can be believed empty only once they have all come (the server's answer at once).
  const emptyTitle = useEmptyWording(fromServer ? [] : CALENDAR_COLLECTIONS, t`No sittings.`);
  const failure = fromServer ? remote.failure : null;
  if (!sittings && failure) return <p className="text-sm text-slate-600">{errorMessage(i18n, failure)}</p>;
  if (!sittings) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t`Loading…`} />
      </div>
    );
  }
  const exportTerm = async (name: string) => {
    if (!database) return;
    const term = termOf(await semesters(database), date);
    const termSittings = await firstValueFrom(calendarSittings$(database, term, who));
    const text = sittingsToIcs(termSittings, {
      calendarName: name,
      stampedAt: new Date(),
      host: location.host,
    });
    downloadIcs(`${name}-${term.first}-${term.last}`, text);
  };
  return (
    <>
      {fromServer && remote.stale && remote.at !== null && <AsOf at={remote.at} />}
      {fromServer && remote.failure && (
        <p className="text-sm text-slate-600">{errorMessage(i18n, remote.failure)}</p>
      )}
      {/* The export reads the device's sittings: it is offered where the calendar shows them. */}
      {exportName && !fromServer && (
        <div className="flex justify-end">
          <Button variant="secondary" size="sm" onClick={() => void exportTerm(exportName)}>
            <Trans>Export the term to a calendar (.ics)</Trans>
          </Button>
        </div>
      )}
      {!fromServer && <StillArriving collections={CALENDAR_COLLECTIONS} />}
      <CalendarView
        sittings={sittings}
        view={view}
        date={date}
        today={today}
        isMobile={isMobile}
        links={links}
        title={title}
        emptyTitle={emptyTitle}
        onChange={onChange}
      />
    </>
  );
}
