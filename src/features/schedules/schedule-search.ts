import dayjs from 'dayjs';
import type { AccountRole } from '../../../domain/roles';
import { useSessionUser } from '../../app/session-context';
import { useIsMobile } from '../../app/use-is-mobile';
import type { CalendarView } from './calendar-search';

/** Today as the device's calendar date: the school's zone is the device's. */
export function localToday(): string {
  return dayjs().format('YYYY-MM-DD');
}

/** Now as the device's wall-clock `HH:mm`. */
export function localTime(): string {
  return dayjs().format('HH:mm');
}

/** A calendar's view and date from its URL, with the screen's default view (SPEC §9) and today. */
export function calendarPlace(
  search: { view?: CalendarView | undefined; date?: string | undefined },
  defaultView: CalendarView,
  today: string,
): { view: CalendarView; date: string } {
  return { view: search.view ?? defaultView, date: search.date ?? today };
}

/** What a schedule screen is given besides its own state: who looks, when, on what, and where changes go. */
export interface ScheduleScreenProps<State> {
  role: AccountRole;
  state: State;
  today: string;
  isMobile: boolean;
  onChange: (next: State) => void;
}

/** The signed-in user, the layout and today, which every schedule route hands its screen. */
export function useScheduleRoute() {
  return { user: useSessionUser(), isMobile: useIsMobile(), today: localToday() };
}
