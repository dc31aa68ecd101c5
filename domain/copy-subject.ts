import { addDays, compareIsoDates, dayOfWeek, isoDateToDayNumber, timeToMinutes } from './dates';
import { LIMITS } from './limits';
import {
  type CopyRow,
  type CopyScheduleEntry,
  copyRowPayload,
  keepAvailableTeachers,
  type RetirableTeacher,
  validateCopyRow,
} from './validation';
import {
  type DayOfWeek,
  dayOfWeekToWeekdayId,
  nextDateOnWeekday,
  type WeekdayId,
  weekdayIdToDayOfWeek,
} from './weekdays';

// The rules of the copy-subject form (SPEC §2, §4, §5) beyond the row checks of validation.ts, and the
// server's plan of where the copied sittings fall. Pure: the screen and the copy call share them.

/** Two-digit text of a number. */
function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The hour of an `HH:mm` time, or null. */
function hourOf(time: string | null): number | null {
  const minutes = time === null ? null : timeToMinutes(time);
  return minutes === null ? null : Math.floor(minutes / 60);
}

/**
 * Whether an end hour is disabled for a start time (SPEC §4: "a start hour above 0 disables earlier end
 * hours"). With no start, or a start in hour 0, every hour is offered.
 */
export function endHourDisabled(start: string | null, hour: number): boolean {
  const startHour = hourOf(start);
  return startHour !== null && startHour > 0 && hour < startHour;
}

/**
 * The end minutes offered for an end hour (SPEC §4: "minutes are limited when hours are equal"): every
 * 5-minute step, but in the start's own hour only those after the start's minutes, so the end is later.
 */
export function endMinuteOptions(start: string | null, endHour: number): number[] {
  const steps = Array.from(
    { length: Math.ceil(60 / LIMITS.timePickerStepMinutes) },
    (_, index) => index * LIMITS.timePickerStepMinutes,
  );
  const startMinutes = start === null ? null : timeToMinutes(start);
  if (startMinutes === null || Math.floor(startMinutes / 60) !== endHour) return steps;
  return steps.filter((minute) => minute > startMinutes % 60);
}

/** `HH:mm` of an hour and a minute. */
export function timeOf(hour: number, minute: number): string {
  return `${pad(hour)}:${pad(minute)}`;
}

/** A copy row after its start time changed: the end time is reset (SPEC §4). */
export function withStartTime<Row extends CopyRow>(row: Row, start: string | null): Row {
  return { ...row, start_time: start, end_time: null };
}

/** A copy row after its date changed: teachers retired on or before the new date are dropped (SPEC §4). */
export function withDay<Row extends CopyRow>(
  row: Row,
  day: string | null,
  teachers: readonly RetirableTeacher[],
): Row {
  if (day === null) return { ...row, day };
  return { ...row, day, teacher_ids: keepAvailableTeachers(row.teacher_ids, teachers, day) };
}

/** The default date of a suggested row: the next matching weekday on or after the start date (SPEC §4). */
export function defaultCopyDay(startDate: string, weekday: WeekdayId): string | null {
  return nextDateOnWeekday(startDate, weekday);
}

/**
 * Where the copy screen's default dates start: the day after the source subject ends, since a copy is the
 * next term of the same subject (SPEC leaves the start open).
 */
export function copyStartDate(sourceEndDate: string): string {
  return addDays(sourceEndDate, 1) ?? sourceEndDate;
}

/** The schedule entries a copy sends: those of ticked rows, with unticked boxes sent empty (SPEC §5). */
export function copyPayload(
  rows: readonly (CopyRow & { class_name_id: string; suggest_date: WeekdayId })[],
): CopyScheduleEntry[] {
  return rows.flatMap((row) => {
    if (!row.selected || Object.keys(validateCopyRow(row)).length > 0) return [];
    if (row.day === null || row.start_time === null || row.end_time === null) return [];
    return [
      copyRowPayload(
        { ...row, day: row.day, start_time: row.start_time, end_time: row.end_time },
        { class_name_id: row.class_name_id, suggest_date: row.suggest_date },
      ),
    ];
  });
}

/** Lesson ids in the batches the client publishes one after another after a registered copy (SPEC §4, §9). */
export function lessonBatches<T>(ids: readonly T[], size: number = LIMITS.copyLessonBatchSize): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < ids.length; start += size) batches.push(ids.slice(start, start + size));
  return batches;
}

/** The weekday id of an ISO date, or null. */
export function weekdayIdOf(date: string): WeekdayId | null {
  const day = dayOfWeek(date);
  return day === null ? null : dayOfWeekToWeekdayId(day as DayOfWeek);
}

/** A source sitting as the copy plans it: which lesson, and its day. */
export interface SourceSitting {
  lessonId: string;
  day: string;
}

/** Where one copied sitting falls: the source lesson it copies and its new day. */
export interface PlannedSitting {
  lessonId: string;
  day: string;
}

/**
 * The sittings a copy row makes (one class, one weekday): the class's source sittings on that weekday in day
 * order, the first on the row's date and each later one the same number of weeks after it as in the source,
 * so a weekly term stays weekly and a skipped week stays skipped. Sittings on other weekdays are not this
 * row's. Null when the row's date is not on the row's weekday.
 */
export function planRowSittings(
  sources: readonly SourceSitting[],
  weekday: WeekdayId,
  firstDay: string,
): PlannedSitting[] | null {
  if (dayOfWeek(firstDay) !== weekdayIdToDayOfWeek(weekday)) return null;
  const onWeekday = sources
    .filter((sitting) => dayOfWeek(sitting.day) === weekdayIdToDayOfWeek(weekday))
    .sort((a, b) => compareIsoDates(a.day, b.day) || a.lessonId.localeCompare(b.lessonId));
  const first = onWeekday[0];
  if (!first) return [];
  const origin = isoDateToDayNumber(first.day) ?? 0;
  return onWeekday.map((sitting) => {
    const offset = (isoDateToDayNumber(sitting.day) ?? origin) - origin;
    return { lessonId: sitting.lessonId, day: addDays(firstDay, offset) ?? firstDay };
  });
}

/** The weekdays on which a class has sittings, in weekday order: the suggested rows of the copy table. */
export function suggestedWeekdays(days: readonly string[]): WeekdayId[] {
  const ids = new Set<WeekdayId>();
  for (const day of days) {
    const id = weekdayIdOf(day);
    if (id !== null) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}
