/**
 * Field validation codes of SPEC §5. Forms and the server send these codes, never sentences; the UI
 * translates them. The copy-form codes keep the SPEC's own ids; start time and room required had only a
 * `{hash}` in the SPEC, so they take ids in the same pattern as their neighbours.
 */
export const ValidationCode = {
  required: 'required',
  tooLong: 'too_long',
  invalidNumber: 'invalid_number',
  notInteger: 'not_integer',
  tooSmall: 'too_small',
  tooLarge: 'too_large',
  tooManyDigits: 'too_many_digits',
  tooManyDecimals: 'too_many_decimals',
  negativeNotAllowed: 'negative_not_allowed',
  invalidDate: 'invalid_date',
  invalidTime: 'invalid_time',
  passwordTooShort: 'password_too_short',
  passwordTooLong: 'password_too_long',
  passwordNeedsTwoKinds: 'password_needs_two_kinds',
  passwordHalfWidthOnly: 'password_half_width_only',
  passwordConfirmationMismatch: 'password_confirmation_mismatch',
  invalidEmail: 'invalid_email',
  invalidPhone: 'invalid_phone',
  otpInvalid: 'otp_invalid',
  otpExpired: 'otp_expired',
  /** A passkey's answer did not prove the account (another credential, a stale challenge, a bad signature). */
  passkeyRefused: 'passkey_refused',
  /** No passkey challenge of this session is waiting (none asked, used, or expired): the browser asks again. */
  passkeyExpired: 'passkey_expired',
  resetTokenInvalid: 'reset_token_invalid',
  currentPasswordWrong: 'current_password_wrong',
  emailTaken: 'email_taken',
  /** A student number already used at the same university. */
  identityTaken: 'identity_taken',
  /** A role change or block aimed at an account whose role does not allow it (a teacher to block, a student to promote). */
  roleNotAllowed: 'role_not_allowed',
  avatarType: 'avatar_type',
  avatarTooLarge: 'avatar_too_large',
  scoreAboveFull: 'score_above_full',
  endBeforeStart: 'end_before_start',
  /** A weekly schedule call asked for more than a week of days. */
  weekTooLong: 'week_too_long',
  dateOutsideSubjectPeriod: 'date_outside_subject_period',
  duplicateName: 'duplicate_name',
  importNotXlsx: 'import_not_xlsx',
  importTooManyStudents: 'import_too_many_students',
  importTooManyColumns: 'import_too_many_columns',
  importTooLarge: 'import_too_large',
  importMalformed: 'import_malformed',
  importUnknownColumn: 'import_unknown_column',
  importUnknownStudent: 'import_unknown_student',
  importDuplicateStudent: 'import_duplicate_student',
  importEmpty: 'import_empty',
  scheduleRequired: 'i2-10_schedule_required',
  startTimeRequired: 'l2-1_start_time_required',
  endTimeRequired: 'l2-1_end_time_required',
  invalidTimeRange: 'l2-1_invalid_time_range',
  teacherRequired: 'i2-10_teacher_required',
  roomRequired: 'i2-10_room_required',
  /** A time off the 5-minute picker step (SPEC §5, §9). */
  timeStep: 'time_step',
  /** A teacher retired on or before the sitting's day (SPEC §5). */
  teacherRetired: 'teacher_retired',
  /** A room already booked at an overlapping time; the next entry names the clashing sitting. */
  roomBusy: 'room_busy',
  /** A teacher already teaching at an overlapping time; the next entry names the clashing sitting. */
  teacherBusy: 'teacher_busy',
  /** A class that still has students or sittings cannot be removed from its subject. */
  classInUse: 'class_in_use',
  /** Attendance or scores are recorded on it: it is never silently erased. */
  hasRecords: 'has_records',
  /** The student already sits in another class of the subject. */
  alreadyInClass: 'already_in_class',
  /** A copy row's date is not on its suggested weekday. */
  weekdayMismatch: 'weekday_mismatch',
} as const;
export type ValidationCode = (typeof ValidationCode)[keyof typeof ValidationCode];
