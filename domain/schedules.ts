import { addDays, dayOfWeek, isoDateToDayNumber, parseIsoDate, timeToMinutes } from './dates';
import { ValidationCode } from './validation-codes';
import type { DayOfWeek } from './weekdays';

/**
 * Calendar rules of the schedule screens and calls (SPEC §2, §7 Schedules, §9): month and week bounds, the
 * grid of a month, who teaches a sitting, which sitting is running, and timesheet totals. Dates are ISO
 * `YYYY-MM-DD` strings and all arithmetic runs on day numbers (`domain/dates.ts`), so no time zone or
 * daylight-saving change can move a day; the caller decides what "today" is in the school's zone.
 */

/** The longest range a weekly call accepts, in days (a week; a longer range is a month or a hostile call). */
export const WEEK_MAX_DAYS = 7;

/** The first and last dates of a `YYYY-MM` month; null when the text is not a month. */
export function monthBounds(month: string): { first: string; last: string } | null {
  const first = `${month}-01`;
  const parts = parseIsoDate(first);
  if (!parts || month.length !== 7) return null;
  const next = parts.month === 12 ? `${parts.year + 1}-01-01` : `${parts.year}-${pad(parts.month + 1)}-01`;
  const last = addDays(next, -1);
  return last === null ? null : { first, last };
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The month (`YYYY-MM`) a date falls in. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** The month after (`step` 1) or before (`step` -1) a `YYYY-MM` month. */
export function shiftMonth(month: string, step: number): string {
  const year = Number(month.slice(0, 4));
  const index = year * 12 + Number(month.slice(5, 7)) - 1 + step;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/**
 * Why a weekly range is refused, or null when it is a week: `end_before_start` when the last day comes first,
 * `week_too_long` beyond `WEEK_MAX_DAYS` days (a 400-day "week" would read a year of sittings).
 */
export function weekRangeProblem(first: string, last: string): ValidationCode | null {
  const from = isoDateToDayNumber(first);
  const to = isoDateToDayNumber(last);
  if (from === null || to === null) return ValidationCode.invalidDate;
  if (to < from) return ValidationCode.endBeforeStart;
  if (to - from + 1 > WEEK_MAX_DAYS) return ValidationCode.weekTooLong;
  return null;
}

/** The first day of the week holding `day`, weeks starting on `weekStart` (the locale's first day). */
export function weekStartOf(day: string, weekStart: DayOfWeek): string {
  const current = dayOfWeek(day) ?? weekStart;
  return addDays(day, -((current - weekStart + 7) % 7)) ?? day;
}

/** The seven dates of the week that starts on `first`. */
export function weekDays(first: string): string[] {
  return Array.from({ length: WEEK_MAX_DAYS }, (_, index) => addDays(first, index) ?? first);
}

/**
 * The weeks of a month's grid, each seven dates from `weekStart`: the first week holds the 1st, the last the
 * month's last day, so days of the months around fill the edges. Empty when `month` is not a month.
 */
export function monthGrid(month: string, weekStart: DayOfWeek): string[][] {
  const bounds = monthBounds(month);
  if (!bounds) return [];
  const weeks: string[][] = [];
  for (let first = weekStartOf(bounds.first, weekStart); first <= bounds.last; ) {
    const days = weekDays(first);
    weeks.push(days);
    first = addDays(first, WEEK_MAX_DAYS) ?? bounds.last;
  }
  return weeks;
}

/** What a calendar needs of a sitting to order it and place it in time. */
export interface TimedSitting {
  id: string;
  day: string;
  startTime: string;
  endTime: string;
}

/** Orders sittings by day, start time, then id (the server's order, so ties are stable everywhere). */
export function compareSittings(a: TimedSitting, b: TimedSitting): number {
  if (a.day !== b.day) return a.day < b.day ? -1 : 1;
  if (a.startTime !== b.startTime) return a.startTime < b.startTime ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Minutes from a sitting's start to its end; 0 when either time is not `HH:mm` or the end comes first. */
export function sittingMinutes(sitting: { startTime: string; endTime: string }): number {
  const start = timeToMinutes(sitting.startTime.slice(0, 5));
  const end = timeToMinutes(sitting.endTime.slice(0, 5));
  if (start === null || end === null) return 0;
  return Math.max(0, end - start);
}

/** A moment on the school's wall clock: its date (`YYYY-MM-DD`) and time (`HH:mm`, seconds ignored). */
export interface SchoolMoment {
  today: string;
  time: string;
}

/**
 * Whether a sitting is held at `moment`: its day is past, or it is today and its end time has come. The one
 * "held" rule: the attendance report, the report card, a student's profile and the dashboard's highlights
 * count a sitting from then (its lesson published too: `heldStatuses`, and `heldSittings` in SQL).
 */
export function hasEnded(sitting: { day: string; endTime: string }, moment: SchoolMoment): boolean {
  if (sitting.day !== moment.today) return sitting.day < moment.today;
  return sitting.endTime.slice(0, 5) <= moment.time.slice(0, 5);
}

/** Whether a sitting runs at a moment of `today` (`HH:mm`): started, not yet ended. */
export function isRunning(sitting: TimedSitting, today: string, time: string): boolean {
  return sitting.day === today && sitting.startTime.slice(0, 5) <= time && time < sitting.endTime.slice(0, 5);
}

/**
 * The teachers of a sitting: those named on the schedule and those in charge of its class, without repeats.
 * The same union as the server's `teachersOfSchedule`, so a teacher's calendar matches on both sides.
 */
export function sittingTeacherIds(
  scheduleTeacherIds: readonly string[],
  classTeacherIds: readonly string[],
): string[] {
  return [...new Set([...scheduleTeacherIds, ...classTeacherIds])];
}

/** One month of a timesheet: sittings taught and their minutes. */
export interface TimesheetMonth {
  month: number;
  schedules: number;
  minutes: number;
}

/** The year's totals of a timesheet. */
export function timesheetTotals(months: readonly TimesheetMonth[]): { schedules: number; minutes: number } {
  return months.reduce(
    (total, month) => ({
      schedules: total.schedules + month.schedules,
      minutes: total.minutes + month.minutes,
    }),
    { schedules: 0, minutes: 0 },
  );
}

/** The twelve months of a year, each taken from `counted` when present and empty otherwise. */
export function fillTimesheetYear(counted: readonly TimesheetMonth[]): TimesheetMonth[] {
  return Array.from(
    { length: 12 },
    (_, index) =>
      counted.find((month) => month.month === index + 1) ?? { month: index + 1, schedules: 0, minutes: 0 },
  );
}

/**
 * The term a day falls in, for an export "for the term": the semester holding it, else the day's month when
 * no semester does.
 */
export function termOf(
  semesters: readonly { startDate: string | null; endDate: string | null }[],
  day: string,
): { first: string; last: string } {
  const semester = semesters.find(
    (candidate) =>
      candidate.startDate !== null &&
      candidate.endDate !== null &&
      candidate.startDate <= day &&
      day <= candidate.endDate,
  );
  if (semester?.startDate && semester.endDate) return { first: semester.startDate, last: semester.endDate };
  return monthBounds(monthOf(day)) ?? { first: day, last: day };
}
