import { describe, expect, it } from 'vitest';
import { WeekdayId, weekdayIdToDayOfWeek } from '../../domain/weekdays';
import {
  formatDate,
  formatDecimal,
  formatInteger,
  formatMonth,
  formatTime,
  formatWeekday,
  WEEK_START,
} from './format';
import { DEFAULT_LOCALE, rememberedLocale, rememberLocale, userLocaleStorageKey } from './i18n';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

const MOMENT = new Date(2026, 10, 2, 14, 5);

describe('dates in each language', () => {
  it('writes the date in the language order', () => {
    expect(formatDate(MOMENT, 'ja')).toBe('2026/11/02');
    expect(formatDate(MOMENT, 'vi')).toBe('02/11/2026');
    expect(formatDate(MOMENT, 'en')).toBe('11/02/2026');
  });

  it('writes times and date-times', () => {
    expect(formatDate(MOMENT, 'ja', 'time')).toBe('14:05');
    expect(formatDate(MOMENT, 'en', 'time')).toBe('2:05 PM');
    expect(formatDate(MOMENT, 'vi', 'dateTime')).toBe('02/11/2026 14:05');
  });

  it('gives nothing for an invalid date', () => {
    expect(formatDate('not a date', 'ja')).toBe('');
  });
});

describe('calendars in each language', () => {
  it('start weeks on Monday in Japanese and Vietnamese, on Sunday in English', () => {
    expect(WEEK_START.ja).toBe(weekdayIdToDayOfWeek(WeekdayId.monday));
    expect(WEEK_START.vi).toBe(weekdayIdToDayOfWeek(WeekdayId.monday));
    expect(WEEK_START.en).toBe(weekdayIdToDayOfWeek(WeekdayId.sunday));
  });

  it('name months, weekdays and times in the language', () => {
    expect(formatMonth('2026-04', 'ja')).toBe('2026年4月');
    expect(formatMonth('2026-04', 'en')).toBe('April 2026');
    expect(formatMonth('2026-04', 'vi')).toMatch(/4.*2026/);
    // 2026-04-13 is a Monday.
    expect(formatWeekday('2026-04-13', 'ja')).toBe('月');
    expect(formatWeekday('2026-04-13', 'en')).toBe('Mon');
    expect(formatWeekday('2026-04-13', 'vi')).toMatch(/2/);
    expect(formatTime('09:05', 'ja')).toBe('09:05');
    expect(formatTime('13:30', 'en')).toBe('1:30 PM');
  });
});

describe('numbers in each language', () => {
  it('shows decimals to 2 places with the language separators', () => {
    expect(formatDecimal(1234.5, 'ja')).toBe('1,234.50');
    expect(formatDecimal(1234.5, 'en')).toBe('1,234.50');
    expect(formatDecimal(1234.5, 'vi')).toBe('1.234,50');
    expect(formatDecimal(2 / 3, 'en')).toBe('0.67');
    expect(formatInteger(12345, 'vi')).toBe('12.345');
  });
});

describe('language remembered per user', () => {
  it('defaults to Japanese', () => {
    expect(rememberedLocale(memoryStorage(), 'u1')).toBe(DEFAULT_LOCALE);
    expect(DEFAULT_LOCALE).toBe('ja');
  });

  it('uses the user’s own choice over the device’s last choice', () => {
    const storage = memoryStorage();
    rememberLocale('vi', 'u1', storage);
    rememberLocale('en', 'u2', storage);
    expect(storage.getItem(userLocaleStorageKey('u1'))).toBe('vi');
    expect(rememberedLocale(storage, 'u1')).toBe('vi');
    expect(rememberedLocale(storage, 'u2')).toBe('en');
  });

  it('falls back to the device’s last choice for a user who never chose', () => {
    const storage = memoryStorage();
    rememberLocale('en', 'u2', storage);
    expect(rememberedLocale(storage, 'u3')).toBe('en');
    expect(rememberedLocale(storage, null)).toBe('en');
  });

  it('ignores an unknown stored language', () => {
    const storage = memoryStorage();
    storage.setItem(userLocaleStorageKey('u1'), 'fr');
    expect(rememberedLocale(storage, 'u1')).toBe('ja');
  });
});
