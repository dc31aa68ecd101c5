import { codeSchema } from './codes';
import { addDays, dayOfWeek } from './dates';

/**
 * Weekday ids of suggested dates (SPEC §9): 2 is Monday through 7 Saturday and 8 Sunday, the Vietnamese
 * "thứ 2 … chủ nhật" numbering.
 */
export const WeekdayId = {
  monday: 2,
  tuesday: 3,
  wednesday: 4,
  thursday: 5,
  friday: 6,
  saturday: 7,
  sunday: 8,
} as const;
export type WeekdayId = (typeof WeekdayId)[keyof typeof WeekdayId];
/** Zod schema of a weekday id. */
export const weekdayIdSchema = codeSchema(WeekdayId);

/** JavaScript day of week: 0 Sunday … 6 Saturday. */
export type DayOfWeek = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** Maps a weekday id (2–8) onto the JavaScript day of week: 2–7 onto 1–6 and 8 onto 0 (SPEC §9). */
export function weekdayIdToDayOfWeek(id: WeekdayId): DayOfWeek {
  return (id === WeekdayId.sunday ? 0 : id - 1) as DayOfWeek;
}

/** The inverse of `weekdayIdToDayOfWeek`. */
export function dayOfWeekToWeekdayId(day: DayOfWeek): WeekdayId {
  return (day === 0 ? WeekdayId.sunday : day + 1) as WeekdayId;
}

/**
 * The first date on or after `from` (ISO `YYYY-MM-DD`) that falls on a weekday id: the default date of a
 * suggested row in the copy form (SPEC §4). Null when `from` is not a date.
 */
export function nextDateOnWeekday(from: string, id: WeekdayId): string | null {
  const current = dayOfWeek(from);
  if (current === null) return null;
  const ahead = (weekdayIdToDayOfWeek(id) - current + 7) % 7;
  return addDays(from, ahead);
}
