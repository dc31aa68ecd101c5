import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import 'dayjs/locale/ja';
import 'dayjs/locale/vi';
import { LIMITS } from '../../domain/limits';
import type { DayOfWeek } from '../../domain/weekdays';
import type { Locale } from './i18n';

dayjs.extend(localizedFormat);

/** How much of a moment to show: the date, the time, or both. */
export type DateStyle = 'date' | 'time' | 'dateTime';

// dayjs's localized tokens give each language its own order and separators (ja 2026/11/22, vi 22/11/2026,
// en 11/22/2026) without hand-written patterns per language.
const PATTERNS: Record<DateStyle, string> = { date: 'L', time: 'LT', dateTime: 'L LT' };

/** A date or time in the language's format; an invalid input gives an empty string. */
export function formatDate(value: Date | number | string, locale: Locale, style: DateStyle = 'date'): string {
  const moment = dayjs(value);
  if (!moment.isValid()) return '';
  return moment.locale(locale).format(PATTERNS[style]);
}

const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/**
 * The `Intl` formatter named `key`, made once: making one costs far more than formatting with it, and a
 * month calendar formats a few hundred values a render.
 */
function formatterOf<Format extends Intl.NumberFormat | Intl.DateTimeFormat>(
  key: string,
  make: () => Format,
): Format {
  const known = formats.get(key) as Format | undefined;
  if (known) return known;
  const made = make();
  formats.set(key, made);
  return made;
}

/** A number in the language's format with exactly 2 decimals (SPEC §9), e.g. ja 1,234.50, vi 1.234,50. */
export function formatDecimal(value: number, locale: Locale): string {
  return formatterOf(
    `decimal|${locale}`,
    () =>
      new Intl.NumberFormat(locale, {
        minimumFractionDigits: LIMITS.decimalPlaces,
        maximumFractionDigits: LIMITS.decimalPlaces,
      }),
  ).format(value);
}

/** A whole number (a count) in the language's format. */
export function formatInteger(value: number, locale: Locale): string {
  return formatterOf(
    `integer|${locale}`,
    () => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
  ).format(value);
}

/**
 * The first day of the week in a language's calendars: Monday for Japanese and Vietnamese schools, Sunday
 * in English (issue 19); JavaScript day numbers (0 Sunday).
 */
export const WEEK_START: Record<Locale, DayOfWeek> = { ja: 1, vi: 1, en: 0 };

/** A weekday's short name in the language (月, T2, Mon) for an ISO date. */
export function formatWeekday(day: string, locale: Locale, width: 'short' | 'long' = 'short'): string {
  return formatterOf(
    `weekday|${locale}|${width}`,
    () => new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }),
  ).format(new Date(`${day}T00:00:00Z`));
}

/** A month's title in the language (2026年4月, tháng 4 năm 2026, April 2026) for a `YYYY-MM` month. */
export function formatMonth(month: string, locale: Locale): string {
  return formatterOf(
    `month|${locale}`,
    () => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }),
  ).format(new Date(`${month}-01T00:00:00Z`));
}

/** A wall-clock `HH:mm` time in the language's format (en 9:00 AM, ja and vi 09:00). */
export function formatTime(time: string, locale: Locale): string {
  return formatDate(`2000-01-01T${time.slice(0, 5)}`, locale, 'time');
}
