import { map, of, switchMap } from 'rxjs';
import { SyncCollection } from '../../../domain/sync';
import type { SchoolDatabase } from '../../db/open-database';
import { calendarSources$ } from '../../db/queries/calendar';
import { type StudentWho, studentIdOf$ } from '../../db/queries/people';
import { useLiveQuery } from '../../db/use-live-query';
import {
  buildSittings,
  type CalendarFilter,
  type CalendarSitting,
  filterSittings,
} from './calendar-sittings';

/**
 * The collections a local calendar's sittings are joined from: until the first pull of each has ended on
 * this device, a day without sittings may only be a day whose sittings have not come yet.
 */
export const CALENDAR_COLLECTIONS: readonly SyncCollection[] = [
  SyncCollection.schedules,
  SyncCollection.lessons,
  SyncCollection.subjects,
];

/**
 * Whose sittings a calendar shows; a student's own calendar names the signed-in user, a guardian's child's day
 * the child's student record (issue 43).
 */
export type CalendarWho = Exclude<CalendarFilter, { kind: 'student' }> | ({ kind: 'student' } & StudentWho);

/** The sittings of a day range that `who` names, from the local database, live. */
export function calendarSittings$(
  database: SchoolDatabase,
  range: { first: string; last: string },
  who: CalendarWho,
) {
  const filter$ =
    who.kind === 'student'
      ? studentIdOf$(database, who).pipe(map((studentId): CalendarFilter => ({ kind: 'student', studentId })))
      : of<CalendarFilter>(who);
  return filter$.pipe(
    switchMap((filter) =>
      calendarSources$(database, range, filter.kind === 'student').pipe(
        map((sources) => filterSittings(buildSittings(sources), sources, filter)),
      ),
    ),
  );
}

/**
 * The sittings of a day range a calendar shows, from the local database and live (a sitting published or
 * moved on the server appears without a reload): undefined while loading.
 */
export function useCalendarSittings(
  range: { first: string; last: string },
  who: CalendarWho,
): CalendarSitting[] | undefined {
  return useLiveQuery(
    (database) => calendarSittings$(database, range, who),
    [range.first, range.last, JSON.stringify(who)],
  );
}
