import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ErrorCode, FieldError } from '../../domain/errors';
import { MasterInUseCode } from '../../domain/master';
import { ValidationCode } from '../../domain/validation-codes';

/** Codes only the client produces. */
export const ClientErrorCode = {
  offlineNow: 'offline_now',
  offlineFeature: 'offline_feature',
  network: 'network_error',
  /** The browser's passkey prompt was dismissed or timed out. */
  passkeyCancelled: 'passkey_cancelled',
  /** This browser has no WebAuthn. */
  passkeyUnsupported: 'passkey_unsupported',
  /** The browser refused the passkey for another reason (no authenticator, one already registered). */
  passkeyBrowserRefused: 'passkey_browser_refused',
} as const;

/** Every code the server or a form can send: each must have a message below (a test walks them). */
export const ALL_ERROR_CODES: readonly string[] = [
  ...Object.values(ErrorCode),
  ...Object.values(FieldError),
  ...Object.values(ValidationCode),
  ...Object.values(MasterInUseCode),
  ...Object.values(ClientErrorCode),
];

const ERROR_MESSAGES: Record<string, MessageDescriptor> = {
  [ErrorCode.validation]: msg`Some fields need attention.`,
  [ErrorCode.invalidJson]: msg`The request could not be read. Please try again.`,
  [ErrorCode.unsupportedMediaType]: msg`This file type is not supported.`,
  [ErrorCode.payloadTooLarge]: msg`The data is too large to send.`,
  [ErrorCode.unauthenticated]: msg`Your session has ended. Please sign in again.`,
  [ErrorCode.forbidden]: msg`You do not have permission to do this.`,
  [ErrorCode.notFound]: msg`The item was not found.`,
  [ErrorCode.conflict]: msg`Someone else changed this at the same time. Please check and try again.`,
  [ErrorCode.tokenMismatch]: msg`Your security token expired. Please try again.`,
  [ErrorCode.invalidCredentials]: msg`The email address or password is incorrect.`,
  [ErrorCode.tooManyRequests]: msg`Too many attempts. Please wait a moment and try again.`,
  [ErrorCode.loginLocked]: msg`Too many failed sign-ins. Please wait a little and try again.`,
  [ErrorCode.accountLocked]: msg`This account is locked after too many wrong codes. Check your mail, or reset your password to unlock it.`,
  [ErrorCode.otpTooManyAttempts]: msg`Too many wrong codes. Ask for a new code.`,
  [ErrorCode.otpResendLimit]: msg`A new code cannot be sent yet. Please wait and try again.`,
  [ErrorCode.resetMailLimit]: msg`Too many reset mails were asked for. Please try again later.`,
  [ErrorCode.otpRequired]: msg`Enter the verification code first.`,
  [ErrorCode.passkeysUnavailable]: msg`Passkeys cannot be used with this server's address.`,
  [ErrorCode.mergeInProgress]: msg`Your account is being updated. Please try again in a few minutes.`,
  [ErrorCode.passwordChangeRequired]: msg`Change your password first.`,
  [ErrorCode.internal]: msg`Something went wrong on the server. Please try again later.`,
  [ErrorCode.idempotencyKeyReused]: msg`This request was already sent with different content.`,
  [ErrorCode.clientOutdated]: msg`A new version of the app is available. Please update to keep syncing.`,
  [ErrorCode.serverBusy]: msg`The server is busy right now. Please try again in a moment.`,
  [ErrorCode.accountClosed]: msg`This account has been closed. Ask the school's administrator if you think this is wrong.`,
  [ErrorCode.idempotencyKeyInFlight]: msg`This request is still being processed. Please wait.`,
  [FieldError.required]: msg`This field is required.`,
  [FieldError.invalidType]: msg`This value has the wrong type.`,
  [FieldError.invalidEmail]: msg`Enter a valid email address.`,
  [FieldError.tooLong]: msg`This value is too long.`,
  [FieldError.tooShort]: msg`This value is too short.`,
  [FieldError.unknownField]: msg`This field is not accepted.`,
  [FieldError.invalid]: msg`This value is not valid.`,
  [ValidationCode.invalidNumber]: msg`Enter a number.`,
  [ValidationCode.notInteger]: msg`Enter a whole number.`,
  [ValidationCode.tooSmall]: msg`This value is too small.`,
  [ValidationCode.tooLarge]: msg`This value is too large.`,
  [ValidationCode.tooManyDigits]: msg`This number has too many digits.`,
  [ValidationCode.tooManyDecimals]: msg`This number has too many decimal places.`,
  [ValidationCode.negativeNotAllowed]: msg`Enter a number of zero or more.`,
  [ValidationCode.invalidDate]: msg`Enter a valid date.`,
  [ValidationCode.invalidTime]: msg`Enter a valid time.`,
  [ValidationCode.passwordTooShort]: msg`The password must be at least 8 characters.`,
  [ValidationCode.passwordTooLong]: msg`The password must be at most 24 characters.`,
  [ValidationCode.passwordNeedsTwoKinds]: msg`Mix at least two of letters, digits and symbols.`,
  [ValidationCode.passwordHalfWidthOnly]: msg`Use half-width characters only.`,
  [ValidationCode.passwordConfirmationMismatch]: msg`The passwords do not match.`,
  [ValidationCode.invalidPhone]: msg`Enter a valid phone number.`,
  [ValidationCode.otpInvalid]: msg`The code is not correct.`,
  [ValidationCode.otpExpired]: msg`The code has expired. Ask for a new code.`,
  [ValidationCode.passkeyRefused]: msg`This passkey could not be used. Try again, or have a code sent instead.`,
  [ValidationCode.passkeyExpired]: msg`The passkey request timed out. Please try again.`,
  [ValidationCode.resetTokenInvalid]: msg`This reset link is invalid or has expired. Ask for a new one.`,
  [ValidationCode.currentPasswordWrong]: msg`The current password is not correct.`,
  [ValidationCode.emailTaken]: msg`This email address is already used by another account.`,
  [ValidationCode.identityTaken]: msg`This student number is already used at this university.`,
  [ValidationCode.roleNotAllowed]: msg`This account's role does not allow this change.`,
  [ValidationCode.avatarType]: msg`Choose a PNG or JPEG image.`,
  [ValidationCode.avatarTooLarge]: msg`The image must be 4 MB or smaller.`,
  [ValidationCode.scoreAboveFull]: msg`The score cannot exceed the full score.`,
  [ValidationCode.endBeforeStart]: msg`The end must be after the start.`,
  [ValidationCode.weekTooLong]: msg`A week covers at most 7 days.`,
  [ValidationCode.dateOutsideSubjectPeriod]: msg`The date must fall within the subject's period.`,
  [ValidationCode.duplicateName]: msg`This name is already used.`,
  [ValidationCode.importNotXlsx]: msg`Choose an .xlsx file.`,
  [ValidationCode.importTooManyStudents]: msg`A file may list at most 50 students.`,
  [ValidationCode.importTooManyColumns]: msg`A file may have at most 30 score columns.`,
  [ValidationCode.importTooLarge]: msg`The file is too large for a score sheet.`,
  [ValidationCode.importMalformed]: msg`The file is not a readable .xlsx workbook.`,
  [ValidationCode.importUnknownColumn]: msg`This column is not a score name of the subject.`,
  [ValidationCode.importUnknownStudent]: msg`This student number is not in the class.`,
  [ValidationCode.importDuplicateStudent]: msg`This student appears more than once in the file.`,
  [ValidationCode.importEmpty]: msg`The file lists no students.`,
  [ValidationCode.scheduleRequired]: msg`Choose a date for the selected row.`,
  [ValidationCode.startTimeRequired]: msg`Enter a start time.`,
  [ValidationCode.endTimeRequired]: msg`Enter an end time.`,
  [ValidationCode.invalidTimeRange]: msg`The end time must be later than the start time.`,
  [ValidationCode.teacherRequired]: msg`Choose a teacher.`,
  [ValidationCode.roomRequired]: msg`Choose a room.`,
  [ValidationCode.timeStep]: msg`Times go in steps of 5 minutes.`,
  [ValidationCode.teacherRetired]: msg`This teacher has retired by that date.`,
  [ValidationCode.roomBusy]: msg`This room is already booked at that time.`,
  [ValidationCode.teacherBusy]: msg`This teacher already teaches at that time.`,
  [ValidationCode.classInUse]: msg`This class still has students or sittings and cannot be removed.`,
  [ValidationCode.hasRecords]: msg`Attendance or scores are recorded here, so it cannot be removed.`,
  [ValidationCode.alreadyInClass]: msg`The student already belongs to another class of this subject.`,
  [ValidationCode.weekdayMismatch]: msg`The date is not on this row's weekday.`,
  [ErrorCode.subjectHasRecords]: msg`This subject has recorded attendance or scores and cannot be deleted.`,
  [ErrorCode.subjectAlreadyPublished]: msg`This subject is already registered.`,
  [MasterInUseCode.faculties]: msg`This cannot be deleted: faculties still belong to it.`,
  [MasterInUseCode.yearCodes]: msg`This cannot be deleted: year codes still use it.`,
  [MasterInUseCode.classNames]: msg`This cannot be deleted: class names still belong to it.`,
  [MasterInUseCode.examNames]: msg`This cannot be deleted: exam names still belong to it.`,
  [MasterInUseCode.rooms]: msg`This cannot be deleted: rooms still belong to it.`,
  [MasterInUseCode.staff]: msg`This cannot be deleted: staff members still work there.`,
  [MasterInUseCode.students]: msg`This cannot be deleted: students are still registered with it.`,
  [MasterInUseCode.subjects]: msg`This cannot be deleted: subjects still use it.`,
  [MasterInUseCode.classes]: msg`This cannot be deleted: classes of subjects still use it.`,
  [MasterInUseCode.exams]: msg`This cannot be deleted: exams still use it.`,
  [MasterInUseCode.sittings]: msg`This cannot be deleted: lesson sittings are still held there.`,
  [MasterInUseCode.events]: msg`This cannot be deleted: events still target it.`,
  [ClientErrorCode.offlineNow]: msg`You are offline. Please try again when you are back online.`,
  [ClientErrorCode.offlineFeature]: msg`This feature is only available online.`,
  [ClientErrorCode.network]: msg`Could not reach the server. Check your connection and try again.`,
  [ClientErrorCode.passkeyCancelled]: msg`The passkey request was cancelled or timed out.`,
  [ClientErrorCode.passkeyUnsupported]: msg`This browser cannot use passkeys.`,
  [ClientErrorCode.passkeyBrowserRefused]: msg`This device could not use a passkey here.`,
};

const FALLBACK_MESSAGE = msg`Something went wrong. Please try again.`;

/** Whether a code has its own message (not the general fallback). */
export function hasErrorMessage(code: string): boolean {
  return Object.hasOwn(ERROR_MESSAGES, code);
}

/** The message of a server or client error code, to translate when shown; unknown codes get a general one. */
export function errorDescriptor(code: string | undefined): MessageDescriptor {
  return (code && ERROR_MESSAGES[code]) || FALLBACK_MESSAGE;
}

/** The translated message of a server or client error code; unknown codes get a general message. */
export function errorMessage(i18n: I18n, code: string | undefined): string {
  return i18n._(errorDescriptor(code));
}
