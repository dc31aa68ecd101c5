import { isIsoDate } from '../../../domain/dates';
import { optionalOneOf, optionalTextWhere } from '../../../domain/search-params';

// The route files' search schemas load with the app's first chunk, so this module stays small: the calendar
// itself loads only on the schedule routes.

/** The three views of every calendar (SPEC §2 monthly, weekly, daily). */
export const CALENDAR_VIEWS = ['month', 'week', 'day'] as const;
/** A calendar view. */
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** The view and date of a calendar's URL, each dropped when malformed (a hand-edited link still opens). */
export const calendarSearchShape = {
  view: optionalOneOf(CALENDAR_VIEWS),
  date: optionalTextWhere(isIsoDate),
};
