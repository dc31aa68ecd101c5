/**
 * Calendar dates and wall-clock times as plain strings. Dates are ISO `YYYY-MM-DD` with no time zone: the
 * caller decides what "today" is in the school's zone, and all day arithmetic here runs on UTC day numbers so
 * no local offset or daylight-saving change can shift a date.
 */

/**
 * The school's time zone: "today" and "now" of every time rule (cards, reports, events) are its wall clock,
 * not UTC, and calendar files name it for their times. Asia/Tokyo keeps no daylight saving.
 */
export const SCHOOL_TIME_ZONE = 'Asia/Tokyo';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MS_PER_DAY = 86_400_000;

/** A calendar date split into its parts (month 1–12). */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Splits an ISO `YYYY-MM-DD` date; null when the text is not a real calendar date (e.g. `2025-02-30`). */
export function parseIsoDate(text: string): CalendarDate | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const probe = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls overflowing days into the next month, so a round trip detects impossible dates.
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    return null;
  }
  return { year, month, day };
}

/** Whether a text is a real ISO `YYYY-MM-DD` calendar date. */
export function isIsoDate(text: string): boolean {
  return parseIsoDate(text) !== null;
}

/**
 * The date part of an ISO date or date-time (`2025-04-01`, `2025-04-01 09:00:00`, `2025-04-01T09:00:00Z`).
 * Server date-times are already in the school's zone, so the first ten characters are the calendar date.
 */
export function datePart(dateOrDateTime: string): string | null {
  const head = dateOrDateTime.slice(0, 10);
  return isIsoDate(head) ? head : null;
}

/** Days since 1970-01-01 of an ISO date; null when the text is not a date. */
export function isoDateToDayNumber(text: string): number | null {
  const date = parseIsoDate(text);
  if (!date) return null;
  return Date.UTC(date.year, date.month - 1, date.day) / MS_PER_DAY;
}

/** The ISO date of a day number (days since 1970-01-01). */
export function dayNumberToIsoDate(dayNumber: number): string {
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
}

/** An ISO date moved by a number of days; null when the input is not a date. */
export function addDays(text: string, days: number): string | null {
  const dayNumber = isoDateToDayNumber(text);
  return dayNumber === null ? null : dayNumberToIsoDate(dayNumber + days);
}

/** JavaScript day of week (0 Sunday … 6 Saturday) of an ISO date; null when the input is not a date. */
export function dayOfWeek(text: string): number | null {
  const dayNumber = isoDateToDayNumber(text);
  // 1970-01-01 was a Thursday (4); the double modulo keeps dates before 1970 in range.
  return dayNumber === null ? null : (((dayNumber + 4) % 7) + 7) % 7;
}

/** Compares two valid ISO dates: negative, zero or positive like `Array.prototype.sort` expects. */
export function compareIsoDates(a: string, b: string): number {
  // Zero-padded ISO dates sort as text in calendar order, so no parsing is needed.
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Minutes after midnight of an `HH:mm` time; null when the text is not a 24-hour time. */
export function timeToMinutes(text: string): number | null {
  const match = TIME_HH_MM.exec(text);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}
