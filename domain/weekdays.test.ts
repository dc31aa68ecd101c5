import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeValues } from './codes';
import { dayOfWeek } from './dates';
import { dayOfWeekToWeekdayId, nextDateOnWeekday, WeekdayId, weekdayIdToDayOfWeek } from './weekdays';

describe('weekday mapping', () => {
  it('maps ids 2–7 onto 1–6 and 8 onto 0', () => {
    expect(codeValues(WeekdayId).map(weekdayIdToDayOfWeek)).toEqual([1, 2, 3, 4, 5, 6, 0]);
  });

  it('is inverted by dayOfWeekToWeekdayId', () => {
    for (const id of codeValues(WeekdayId)) expect(dayOfWeekToWeekdayId(weekdayIdToDayOfWeek(id))).toBe(id);
  });
});

describe('next date on a weekday', () => {
  it('is the start date itself when it already falls on that weekday', () => {
    // 2025-04-07 is a Monday.
    expect(nextDateOnWeekday('2025-04-07', WeekdayId.monday)).toBe('2025-04-07');
  });

  it('moves forward within the week and across month ends', () => {
    expect(nextDateOnWeekday('2025-04-07', WeekdayId.sunday)).toBe('2025-04-13');
    expect(nextDateOnWeekday('2025-04-29', WeekdayId.friday)).toBe('2025-05-02');
    expect(nextDateOnWeekday('2025-04-08', WeekdayId.monday)).toBe('2025-04-14');
  });

  it('always lands on the weekday within six days after the start', () => {
    const dates = fc
      .integer({ min: 0, max: 40_000 })
      .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(dates, fc.constantFrom(...codeValues(WeekdayId)), (from, id) => {
        const next = nextDateOnWeekday(from, id);
        expect(next).not.toBeNull();
        if (next === null) return;
        expect(dayOfWeek(next)).toBe(weekdayIdToDayOfWeek(id));
        expect(next >= from).toBe(true);
        const gap = (Date.parse(next) - Date.parse(from)) / 86_400_000;
        expect(gap).toBeLessThan(7);
      }),
    );
  });

  it('gives null for a date it cannot read', () => {
    expect(nextDateOnWeekday('2025-02-30', WeekdayId.monday)).toBeNull();
  });
});
