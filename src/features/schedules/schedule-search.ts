import type { AccountRole } from '../../../domain/roles';
import { useSessionUser } from '../../app/session-context';
import { useIsMobile } from '../../app/use-is-mobile';
import { localToday } from '../shared/local-clock';
import type { CalendarView } from './calendar-search';

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
