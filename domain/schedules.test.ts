import { describe, expect, it } from 'vitest';
import {
  compareSittings,
  fillTimesheetYear,
  hasEnded,
  isRunning,
  monthBounds,
  monthGrid,
  shiftMonth,
  sittingMinutes,
  sittingTeacherIds,
  timesheetTotals,
  weekRangeProblem,
  weekStartOf,
} from './schedules';
import { WeekdayId, weekdayIdToDayOfWeek } from './weekdays';

const MONDAY = weekdayIdToDayOfWeek(WeekdayId.monday);
const SUNDAY = weekdayIdToDayOfWeek(WeekdayId.sunday);

describe('month and week bounds', () => {
  it('gives a month its first and last day, leap Februaries and December included', () => {
    expect(monthBounds('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(monthBounds('2026-02')).toEqual({ first: '2026-02-01', last: '2026-02-28' });
    expect(monthBounds('2026-12')).toEqual({ first: '2026-12-01', last: '2026-12-31' });
    expect(monthBounds('2026-13')).toBeNull();
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  });

  it('starts weeks on Monday for ja and vi and on Sunday for en, across month and year ends', () => {
    // 2026-01-01 is a Thursday.
    expect(weekStartOf('2026-01-01', MONDAY)).toBe('2025-12-29');
    expect(weekStartOf('2026-01-01', SUNDAY)).toBe('2025-12-28');
    expect(weekStartOf('2026-01-04', MONDAY)).toBe('2025-12-29');
    expect(weekStartOf('2026-01-05', MONDAY)).toBe('2026-01-05');
  });

  it('lays a month out in whole weeks that hold its first and last days', () => {
    const grid = monthGrid('2026-03', MONDAY);
    expect(grid[0]?.[0]).toBe('2026-02-23');
    expect(grid.at(-1)?.at(-1)).toBe('2026-04-05');
    expect(grid.every((week) => week.length === 7)).toBe(true);
    expect(grid.flat()).toContain('2026-03-31');
    expect(monthGrid('2026-02', SUNDAY)).toHaveLength(4);
  });

  it('refuses a range that is not a week', () => {
    expect(weekRangeProblem('2026-04-13', '2026-04-19')).toBeNull();
    expect(weekRangeProblem('2026-04-13', '2026-04-13')).toBeNull();
    expect(weekRangeProblem('2026-04-19', '2026-04-13')).toBe('end_before_start');
    expect(weekRangeProblem('2026-04-13', '2026-04-20')).toBe('week_too_long');
    expect(weekRangeProblem('2026-01-01', '2027-02-04')).toBe('week_too_long');
  });

  it('keeps the same days whatever the process time zone (Asia has no daylight saving, UTC arithmetic neither)', () => {
    // Day arithmetic uses UTC day numbers, so Asia/Tokyo (+9) and Asia/Ho_Chi_Minh (+7) cannot shift a date
    // across midnight; a local-time implementation would give 2025-12-28 for a Monday start at +14.
    const before = process.env.TZ;
    for (const zone of ['Asia/Tokyo', 'Asia/Ho_Chi_Minh', 'Pacific/Kiritimati', 'America/Los_Angeles']) {
      process.env.TZ = zone;
      expect(weekStartOf('2026-01-01', MONDAY)).toBe('2025-12-29');
      expect(monthBounds('2026-03')).toEqual({ first: '2026-03-01', last: '2026-03-31' });
    }
    process.env.TZ = before;
  });
});

describe('sittings', () => {
  const at = (id: string, day: string, startTime: string, endTime = '23:00') => ({
    id,
    day,
    startTime,
    endTime,
  });

  it('orders by day, start, then id', () => {
    const sorted = [
      at('b', '2026-04-10', '09:00'),
      at('a', '2026-04-10', '09:00'),
      at('c', '2026-04-09', '13:00'),
    ]
      .sort(compareSittings)
      .map((sitting) => sitting.id);
    expect(sorted).toEqual(['c', 'a', 'b']);
  });

  it('marks a sitting running from its start until before its end', () => {
    const sitting = at('a', '2026-04-10', '09:00', '10:30');
    expect(isRunning(sitting, '2026-04-10', '08:59')).toBe(false);
    expect(isRunning(sitting, '2026-04-10', '09:00')).toBe(true);
    expect(isRunning(sitting, '2026-04-10', '10:29')).toBe(true);
    expect(isRunning(sitting, '2026-04-10', '10:30')).toBe(false);
    expect(isRunning(sitting, '2026-04-11', '09:30')).toBe(false);
  });

  it('holds a sitting once it has ended: a past day, or today from its end time on', () => {
    const sitting = at('a', '2026-04-10', '09:00', '10:30');
    expect(hasEnded(sitting, { today: '2026-04-09', time: '23:59' })).toBe(false);
    expect(hasEnded(sitting, { today: '2026-04-10', time: '10:29' })).toBe(false);
    expect(hasEnded(sitting, { today: '2026-04-10', time: '10:30' })).toBe(true);
    expect(hasEnded(sitting, { today: '2026-04-10', time: '10:30:59' })).toBe(true);
    expect(hasEnded(sitting, { today: '2026-04-11', time: '00:00' })).toBe(true);
  });

  it('joins schedule and class teachers without repeats', () => {
    expect(sittingTeacherIds(['t1', 't2'], ['t2', 't3'])).toEqual(['t1', 't2', 't3']);
  });

  it('counts minutes and totals a timesheet over twelve months', () => {
    expect(sittingMinutes({ startTime: '09:00', endTime: '10:30' })).toBe(90);
    expect(sittingMinutes({ startTime: '10:30', endTime: '09:00' })).toBe(0);
    const year = fillTimesheetYear([
      { month: 4, schedules: 2, minutes: 180 },
      { month: 11, schedules: 1, minutes: 45 },
    ]);
    expect(year).toHaveLength(12);
    expect(year[0]).toEqual({ month: 1, schedules: 0, minutes: 0 });
    expect(timesheetTotals(year)).toEqual({ schedules: 3, minutes: 225 });
  });
});
