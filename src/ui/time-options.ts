import { LIMITS } from '../../domain/limits';

/** Two-digit text of a number (`7` → `07`). */
function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The hours a time picker offers, `00` to `23`. */
export const HOUR_OPTIONS: readonly string[] = Array.from({ length: 24 }, (_, hour) => pad(hour));

/** The minutes a time picker offers: every `step` minutes (SPEC §9: 5). */
export function minuteOptions(step: number = LIMITS.timePickerStepMinutes): string[] {
  return Array.from({ length: Math.ceil(60 / step) }, (_, index) => pad(index * step));
}

/** Splits `HH:mm` into its parts; anything else gives empty parts. */
export function splitTime(value: string): { hour: string; minute: string } {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  return match ? { hour: match[1] ?? '', minute: match[2] ?? '' } : { hour: '', minute: '' };
}

/**
 * Joins a picked hour and minute into `HH:mm`. Picking only the hour fills minute `00`, so one choice makes a
 * complete time; clearing the hour clears the time.
 */
export function joinTime(hour: string, minute: string): string {
  if (hour === '') return '';
  return `${hour}:${minute === '' ? '00' : minute}`;
}
