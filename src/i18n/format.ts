import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import 'dayjs/locale/ja';
import 'dayjs/locale/vi';
import { LIMITS } from '../../domain/limits';
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

const numberFormats = new Map<Locale, Intl.NumberFormat>();

/** A number in the language's format with exactly 2 decimals (SPEC §9), e.g. ja 1,234.50, vi 1.234,50. */
export function formatDecimal(value: number, locale: Locale): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: LIMITS.decimalPlaces,
      maximumFractionDigits: LIMITS.decimalPlaces,
    });
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

/** A whole number (a count) in the language's format. */
export function formatInteger(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}
