import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth';
import { compareIsoDates, datePart, isIsoDate, timeToMinutes } from './dates';
import { LIMITS } from './limits';
import { nameKey } from './names';
import { hasAtMostDecimals } from './numbers';
import { ValidationCode } from './validation-codes';
import { type WeekdayId, weekdayIdSchema } from './weekdays';

// ---------------------------------------------------------------------------------------------------------
// Passwords (SPEC §5: 8–24 characters, at least two of letters, digits and symbols, half-width only).

/**
 * Half-width means printable ASCII without the space: a space at either end of a password is invisible on
 * screen and a common cause of failed logins, so it is refused with the same code as full-width characters.
 */
const HALF_WIDTH_PRINTABLE = /^[\x21-\x7E]*$/;
const PASSWORD_KINDS = [/[A-Za-z]/, /[0-9]/, /[\x21-\x2F\x3A-\x40\x5B-\x60\x7B-\x7E]/] as const;

/** How many of the kinds letters, digits and symbols a password uses. */
export function passwordKindCount(password: string): number {
  return PASSWORD_KINDS.filter((kind) => kind.test(password)).length;
}

/** A new password (SPEC §5); the codes come in the order a user should fix them. */
export const passwordSchema = z
  .string(ValidationCode.required)
  .min(1, ValidationCode.required)
  .min(PASSWORD_MIN_LENGTH, ValidationCode.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, ValidationCode.passwordTooLong)
  .regex(HALF_WIDTH_PRINTABLE, ValidationCode.passwordHalfWidthOnly)
  .refine((password) => passwordKindCount(password) >= 2, ValidationCode.passwordNeedsTwoKinds);

const passwordPairShape = {
  password: passwordSchema,
  password_confirmation: z.string(ValidationCode.required),
};

function confirmationMatches(values: { password: string; password_confirmation: string }): boolean {
  return values.password === values.password_confirmation;
}

const mismatch = {
  path: ['password_confirmation'],
  message: ValidationCode.passwordConfirmationMismatch,
  // Compare even when the password itself has issues, so both fields show their problem at once; but only
  // when the body is an object at all (a JSON `null` body has no fields to compare).
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/** A new password and its confirmation (force-change, reset). */
export const passwordPairSchema = z.strictObject(passwordPairShape).refine(confirmationMatches, mismatch);
/** A new password with its confirmation. */
export type PasswordPair = z.infer<typeof passwordPairSchema>;

/** `POST /api/{students|users}/change-password`: the current password plus a confirmed new one. */
export const changePasswordSchema = z
  .strictObject({
    current_password: z.string(ValidationCode.required).min(1, ValidationCode.required),
    ...passwordPairShape,
  })
  .refine(confirmationMatches, mismatch);
/** Body of a password change. */
export type ChangePassword = z.infer<typeof changePasswordSchema>;

// ---------------------------------------------------------------------------------------------------------
// Files.

/** Accepted avatar MIME types; `image/jpg` is not registered but some browsers send it for .jpg files. */
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg', 'image/jpg'] as const;
/** Accepted avatar file extensions (SPEC §5). */
export const AVATAR_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;

/** What a browser or multipart parser tells about a file before its bytes are read. */
export interface FileFacts {
  name: string;
  type: string;
  size: number;
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * Avatar checks (SPEC §5): both the MIME type and the extension must be png/jpg/jpeg, so a renamed file is
 * caught early, and the size at most 4 MB. The server still checks the content itself and re-encodes.
 */
export function validateAvatarFile(file: FileFacts): ValidationCode[] {
  const codes: ValidationCode[] = [];
  const typeOk = (AVATAR_MIME_TYPES as readonly string[]).includes(file.type.toLowerCase());
  const extensionOk = (AVATAR_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
  if (!typeOk || !extensionOk) codes.push(ValidationCode.avatarType);
  if (file.size > LIMITS.avatarMaxBytes) codes.push(ValidationCode.avatarTooLarge);
  return codes;
}

/** The MIME type of xlsx workbooks. */
export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Whether a picked file may be an achievement import (SPEC §5: xlsx only). The extension must be .xlsx; the
 * declared type must be the xlsx type or one of the generic ones that systems without Office send. The server
 * confirms the content with `isZipContainer` and by parsing.
 */
export function validateImportFile(file: Pick<FileFacts, 'name' | 'type'>): ValidationCode | null {
  if (extensionOf(file.name) !== 'xlsx') return ValidationCode.importNotXlsx;
  const allowedTypes = [XLSX_MIME_TYPE, '', 'application/octet-stream'];
  return allowedTypes.includes(file.type) ? null : ValidationCode.importNotXlsx;
}

/** Whether bytes start like a zip container (xlsx files are zip archives: `PK\x03\x04`). */
export function isZipContainer(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** Size limits of an achievement import (SPEC §5, §9): at most 50 students and 30 score columns. */
export function validateImportSize(studentCount: number, scoreColumnCount: number): ValidationCode[] {
  const codes: ValidationCode[] = [];
  if (studentCount > LIMITS.importMaxStudents) codes.push(ValidationCode.importTooManyStudents);
  if (scoreColumnCount > LIMITS.importMaxColumns) codes.push(ValidationCode.importTooManyColumns);
  return codes;
}

// ---------------------------------------------------------------------------------------------------------
// Contact details and texts.

/** An email address, trimmed, at most 254 characters (the longest a mail system routes). */
export const emailSchema = z
  .string(ValidationCode.required)
  .trim()
  .min(1, ValidationCode.required)
  .max(254, ValidationCode.tooLong)
  .pipe(z.email(ValidationCode.invalidEmail));

const PHONE_SHAPE = /^\+?[0-9]+(?:-[0-9]+)*$/;

/**
 * Whether a text is a phone number (SPEC §5 "phone number format"). Users are in Japan and Vietnam, whose
 * numbers have 10 or 11 digits nationally (090-1234-5678, 0912 345 678) and up to 12 with a country code
 * (+84 912345678); the rule is therefore digits with an optional leading `+` and single hyphens between
 * groups, 10 to 15 digits in all (15 is the international maximum, E.164). Spaces are not accepted.
 */
export function isPhoneNumber(text: string): boolean {
  if (!PHONE_SHAPE.test(text)) return false;
  const digits = text.replace(/\D/g, '').length;
  return digits >= LIMITS.phoneMinDigits && digits <= LIMITS.phoneMaxDigits;
}

/** A phone number, trimmed. */
export const phoneSchema = z
  .string(ValidationCode.required)
  .trim()
  .refine(isPhoneNumber, ValidationCode.invalidPhone);

/** A trimmed text of at most `max` characters; forms that require it add `.min(1, 'required')`. */
export function textWithin(max: number) {
  return z.string(ValidationCode.required).trim().max(max, ValidationCode.tooLong);
}

/** Name in kana (SPEC §5: at most 127). */
export const nameKanaSchema = textWithin(LIMITS.nameKanaMaxLength);
/** Note content (SPEC §5: at most 3000). */
export const noteContentSchema = textWithin(LIMITS.noteMaxLength);
/** Table of contents of a lesson (SPEC §5: at most 50). */
export const tableOfContentsSchema = textWithin(LIMITS.tableOfContentsMaxLength);
/** Overview of a lesson (SPEC §5: at most 300). */
export const overviewSchema = textWithin(LIMITS.overviewMaxLength);
/** Content of a student request: required, at most 500 (SPEC §5). */
export const requestContentSchema = textWithin(LIMITS.requestContentMaxLength).min(
  1,
  ValidationCode.required,
);

// ---------------------------------------------------------------------------------------------------------
// Numbers.

/** A whole number between `min` and `max` inclusive. */
export function integerBetween(min: number, max: number) {
  return z
    .number(ValidationCode.invalidNumber)
    .int(ValidationCode.notInteger)
    .min(min, ValidationCode.tooSmall)
    .max(max, ValidationCode.tooLarge);
}

/** Lesson minutes (SPEC §5: 0 to 300). */
export const minutesSchema = integerBetween(0, LIMITS.lessonMinutesMax);

/**
 * Late minutes (SPEC §5: "an integer within a maximum"): 1 to `LIMITS.lateMinutesMax`. Zero minutes late is
 * not late, and nobody is later than the longest lesson (300 minutes).
 */
export const lateMinutesSchema = integerBetween(1, LIMITS.lateMinutesMax);

/** The largest count with at most 10 digits. */
export const COUNT_MAX = 10 ** LIMITS.countMaxDigits - 1;

/** A count (SPEC §5): a whole number of at most 10 digits and at least `min` (0 unless given). */
export function countSchema(min = 0) {
  return z
    .number(ValidationCode.invalidNumber)
    .int(ValidationCode.notInteger)
    .min(min, ValidationCode.tooSmall)
    .max(COUNT_MAX, ValidationCode.tooManyDigits);
}

/** The outcome of reading a typed score. */
export type PointParse = { ok: true; value: number | null } | { ok: false; code: ValidationCode };

const POINT_TEXT = /^[0-9]+(?:\.[0-9]+)?$/;

/**
 * Reads a score as typed (SPEC §5): blank means "not entered" (null) while `0` is a real zero and is kept;
 * full-width digits are read as half-width (NFKC), since Japanese input methods produce them; at most two
 * decimals; negative numbers are refused.
 */
export function parsePoint(raw: string): PointParse {
  const text = raw.normalize('NFKC').trim();
  if (text === '') return { ok: true, value: null };
  if (text.startsWith('-')) return { ok: false, code: ValidationCode.negativeNotAllowed };
  if (!POINT_TEXT.test(text)) return { ok: false, code: ValidationCode.invalidNumber };
  const [, decimals = ''] = text.split('.');
  if (decimals.length > LIMITS.decimalPlaces) return { ok: false, code: ValidationCode.tooManyDecimals };
  return { ok: true, value: Number(text) };
}

/** Whether a score fits its score name's full score (SPEC §5); a score not entered always fits. */
export function scoreWithinFull(point: number | null, fullScore: number): boolean {
  return point === null || point <= fullScore;
}

/** Reads and checks a typed score against its full score: the first problem's code, or null when valid. */
export function validatePoint(raw: string, fullScore: number): ValidationCode | null {
  const parsed = parsePoint(raw);
  if (!parsed.ok) return parsed.code;
  return scoreWithinFull(parsed.value, fullScore) ? null : ValidationCode.scoreAboveFull;
}

/** A score as the API carries it: null (not entered) or a non-negative number with at most two decimals. */
export const pointValueSchema = z
  .number(ValidationCode.invalidNumber)
  .min(0, ValidationCode.negativeNotAllowed)
  .refine((value) => hasAtMostDecimals(value), ValidationCode.tooManyDecimals)
  .nullable();

/** A typed score text read into a score value; the form field's schema. */
export const pointInputSchema = z.string().transform((raw, ctx) => {
  const parsed = parsePoint(raw);
  if (parsed.ok) return parsed.value;
  ctx.addIssue({ code: 'custom', message: parsed.code });
  return z.NEVER;
});

// ---------------------------------------------------------------------------------------------------------
// Times and dates.

/** Whether an `HH:mm` end time is strictly later than the start (a lesson of zero minutes is not a lesson). */
export function isEndTimeAfterStart(start: string, end: string): boolean {
  const startMinutes = timeToMinutes(start);
  const endMinutes = timeToMinutes(end);
  return startMinutes !== null && endMinutes !== null && endMinutes > startMinutes;
}

/** Whether an ISO end date is on or after the start date (a period of one day is valid). */
export function isEndDateOnOrAfterStart(start: string, end: string): boolean {
  return isIsoDate(start) && isIsoDate(end) && compareIsoDates(start, end) <= 0;
}

/** `end_before_start` when a time range (`HH:mm`) does not end after it starts; null when it does. */
export function validateTimeRange(start: string, end: string): ValidationCode | null {
  return isEndTimeAfterStart(start, end) ? null : ValidationCode.endBeforeStart;
}

/** `end_before_start` when a date range ends before it starts; null when valid. */
export function validateDateRange(start: string, end: string): ValidationCode | null {
  return isEndDateOnOrAfterStart(start, end) ? null : ValidationCode.endBeforeStart;
}

/** A subject's period; either end may be open (null). Date-times are read by their date part. */
export interface SubjectPeriod {
  start_date: string | null;
  end_date: string | null;
}

/** Whether an ISO date lies within a subject's period, both ends inclusive (SPEC §5). */
export function isDateWithinPeriod(date: string, period: SubjectPeriod): boolean {
  const day = datePart(date);
  if (day === null) return false;
  const start = period.start_date === null ? null : datePart(period.start_date);
  const end = period.end_date === null ? null : datePart(period.end_date);
  if (start !== null && compareIsoDates(day, start) < 0) return false;
  if (end !== null && compareIsoDates(day, end) > 0) return false;
  return true;
}

/** `date_outside_subject_period` for a date outside the subject's period; null when inside. */
export function validateDateInPeriod(date: string, period: SubjectPeriod): ValidationCode | null {
  return isDateWithinPeriod(date, period) ? null : ValidationCode.dateOutsideSubjectPeriod;
}

// ---------------------------------------------------------------------------------------------------------
// Duplicate names.

/**
 * Positions of names that repeat an earlier one (SPEC §5: duplicate category, condition or sub-score names).
 * Names compare by `nameKey`: trimmed, case-insensitive and width-insensitive (`Ａ` = `a`), because users see
 * those as the same name. Blank names are skipped; they get `required` instead.
 */
export function duplicateNameIndexes(names: readonly string[]): number[] {
  const seen = new Set<string>();
  const duplicates: number[] = [];
  names.forEach((name, index) => {
    const key = nameKey(name);
    if (key === '') return;
    if (seen.has(key)) duplicates.push(index);
    else seen.add(key);
  });
  return duplicates;
}

/** Adds `duplicate_name` on `[index, 'name']` of each repeated name in a list of named rows. */
export function uniqueNames<Row extends { name: string }>(rows: z.ZodType<Row[]>) {
  return rows.superRefine((items, ctx) => {
    for (const index of duplicateNameIndexes(items.map((item) => item.name))) {
      ctx.addIssue({ code: 'custom', path: [index, 'name'], message: ValidationCode.duplicateName });
    }
  });
}

// ---------------------------------------------------------------------------------------------------------
// Copy-subject form (SPEC §2, §3, §5).

/** One row of the copy-subject table as the form holds it. */
export interface CopyRow {
  /** The schedule check box: only ticked rows are copied and checked. */
  selected: boolean;
  day: string | null;
  start_time: string | null;
  end_time: string | null;
  teacherChecked: boolean;
  teacher_ids: readonly string[];
  roomChecked: boolean;
  room_id: string | null;
}

/** The fields of a copy row that can carry an error. */
export type CopyRowField = 'day' | 'start_time' | 'end_time' | 'teacher_id' | 'room_id';

/** Per-field error codes of a copy row; a field without an error is absent. */
export type CopyRowErrors = Partial<Record<CopyRowField, ValidationCode>>;

/**
 * Checks one copy row (SPEC §5). A row whose schedule box is unticked is not copied, so it has no errors.
 * For a ticked row: the date and both times are required, the end must be later than the start, and a
 * ticked teacher or room box needs a teacher or a room.
 */
export function validateCopyRow(row: CopyRow): CopyRowErrors {
  if (!row.selected) return {};
  const errors: CopyRowErrors = {};
  if (row.day === null || !isIsoDate(row.day)) errors.day = ValidationCode.scheduleRequired;
  if (row.start_time === null || timeToMinutes(row.start_time) === null) {
    errors.start_time = ValidationCode.startTimeRequired;
  }
  if (row.end_time === null || timeToMinutes(row.end_time) === null) {
    errors.end_time = ValidationCode.endTimeRequired;
  } else if (row.start_time !== null && !isEndTimeAfterStart(row.start_time, row.end_time)) {
    if (errors.start_time === undefined) errors.end_time = ValidationCode.invalidTimeRange;
  }
  if (row.teacherChecked && row.teacher_ids.length === 0) errors.teacher_id = ValidationCode.teacherRequired;
  if (row.roomChecked && row.room_id === null) errors.room_id = ValidationCode.roomRequired;
  return errors;
}

/** Whether any row has an error: the save and register buttons stay disabled while it does (SPEC §5). */
export function copyFormHasErrors(rows: readonly CopyRow[]): boolean {
  return rows.some((row) => Object.keys(validateCopyRow(row)).length > 0);
}

/** One schedule entry of the copy call (SPEC §3). */
export const copyScheduleEntrySchema = z.strictObject({
  day: z.string().refine(isIsoDate, ValidationCode.scheduleRequired),
  start_time: z.string().refine((time) => timeToMinutes(time) !== null, ValidationCode.startTimeRequired),
  end_time: z.string().refine((time) => timeToMinutes(time) !== null, ValidationCode.endTimeRequired),
  teacher_id: z.array(z.string()),
  room_id: z.string().nullable(),
  class_name_id: z.string(),
  suggest_date: weekdayIdSchema,
});
/** One schedule entry of the copy call. */
export type CopyScheduleEntry = z.infer<typeof copyScheduleEntrySchema>;

/**
 * The schedule entry sent for a ticked, valid row: an unticked teacher box sends an empty teacher list and an
 * unticked room box a null room (SPEC §5), whatever the row still shows.
 */
export function copyRowPayload(
  row: CopyRow & { day: string; start_time: string; end_time: string },
  meta: { class_name_id: string; suggest_date: WeekdayId },
): CopyScheduleEntry {
  return {
    day: row.day,
    start_time: row.start_time,
    end_time: row.end_time,
    teacher_id: row.teacherChecked ? [...row.teacher_ids] : [],
    room_id: row.roomChecked ? row.room_id : null,
    class_name_id: meta.class_name_id,
    suggest_date: meta.suggest_date,
  };
}

/** A teacher as the copy form offers them (SPEC §3: `deactive.retire_at`). */
export interface RetirableTeacher {
  id: string;
  deactive?: { retire_at: string | null } | null;
}

/** Whether a teacher may teach on an ISO date: not retired on or before it (SPEC §5). */
export function teacherActiveOn(teacher: RetirableTeacher, date: string): boolean {
  const retireAt = teacher.deactive?.retire_at;
  if (retireAt === undefined || retireAt === null) return true;
  const retireDay = datePart(retireAt);
  return retireDay === null || compareIsoDates(retireDay, date) > 0;
}

/** The teachers offered for a date. */
export function teachersAvailableOn<T extends RetirableTeacher>(teachers: readonly T[], date: string): T[] {
  return teachers.filter((teacher) => teacherActiveOn(teacher, date));
}

/** The chosen teacher ids still valid after the date changed (SPEC §4: the others are dropped). */
export function keepAvailableTeachers(
  chosenIds: readonly string[],
  teachers: readonly RetirableTeacher[],
  date: string,
): string[] {
  const available = new Set(teachersAvailableOn(teachers, date).map((teacher) => teacher.id));
  return chosenIds.filter((id) => available.has(id));
}

/** Whether an `HH:mm` time sits on the 5-minute picker step (SPEC §5, §9). */
export function isOnTimeStep(time: string): boolean {
  const minutes = timeToMinutes(time);
  return minutes !== null && minutes % LIMITS.timePickerStepMinutes === 0;
}
