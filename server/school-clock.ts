import { SCHOOL_TIME_ZONE } from '../domain/dates';
import type { SchoolMoment } from '../domain/schedules';

// One zone for the server's clock and the app's calendar files: it is named in domain/.
export { SCHOOL_TIME_ZONE };

/** The school's local date (`YYYY-MM-DD`) and time (`HH:MM:SS`) at an instant. */
export function schoolWallClock(now: Date): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: SCHOOL_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((item) => item.type === type)?.value ?? '00';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}:${part('second')}`,
  };
}

/** The school's wall clock at an instant, as the domain's time rules read it (`hasEnded`). */
export function schoolMoment(now: Date): SchoolMoment {
  const { date, time } = schoolWallClock(now);
  return { today: date, time };
}
