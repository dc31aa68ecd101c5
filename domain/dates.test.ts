import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  datePart,
  dayNumberToIsoDate,
  dayOfWeek,
  isoDateToDayNumber,
  parseIsoDate,
  timeToMinutes,
} from './dates';

describe('ISO dates', () => {
  it('refuse impossible calendar dates', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseIsoDate('2025-02-29')).toBeNull();
    expect(parseIsoDate('2025-13-01')).toBeNull();
    expect(parseIsoDate('2025-1-01')).toBeNull();
  });

  it('add days across month, year and leap-day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('know the day of week without the local time zone', () => {
    expect(dayOfWeek('1970-01-01')).toBe(4);
    expect(dayOfWeek('2025-06-01')).toBe(0);
    expect(dayOfWeek('1969-12-31')).toBe(3);
  });

  it('round-trip through day numbers', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50_000, max: 80_000 }), (day) => {
        expect(isoDateToDayNumber(dayNumberToIsoDate(day))).toBe(day);
      }),
    );
  });

  it('read the date part of date-times', () => {
    expect(datePart('2025-04-01 09:30:00')).toBe('2025-04-01');
    expect(datePart('2025-04-01T09:30:00Z')).toBe('2025-04-01');
    expect(datePart('yesterday')).toBeNull();
  });

  it('read 24-hour HH:mm times', () => {
    expect(timeToMinutes('00:00')).toBe(0);
    expect(timeToMinutes('23:59')).toBe(1439);
    expect(timeToMinutes('24:00')).toBeNull();
    expect(timeToMinutes('9:00')).toBeNull();
  });
});
