/** Codes the server sends; the UI translates each one (ARCHITECTURE §4). */
export const ErrorCode = {
  validation: 'validation_failed',
  invalidJson: 'invalid_json',
  unsupportedMediaType: 'unsupported_media_type',
  payloadTooLarge: 'payload_too_large',
  unauthenticated: 'unauthenticated',
  /** 401 to a session of an account since blocked or removed: the device wipes the user's data. */
  accountClosed: 'account_closed',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  tokenMismatch: 'token_mismatch',
  invalidCredentials: 'invalid_credentials',
  tooManyRequests: 'too_many_requests',
  /** Sign-in refused for a while after repeated wrong passwords (429). */
  loginLocked: 'login_locked',
  /** The account is locked after too many wrong two-step codes (429); a mail told the user. */
  accountLocked: 'account_locked',
  /** Too many wrong guesses at the current code: a new one must be requested (429). */
  otpTooManyAttempts: 'otp_too_many_attempts',
  /** New codes asked too often (429). */
  otpResendLimit: 'otp_resend_limit',
  /** Reset mails asked too often (429). */
  resetMailLimit: 'reset_mail_limit',
  /** The call needs the two-step code first (403). */
  otpRequired: 'otp_required',
  /** This server offers no passkeys: its public URL is not one a browser allows them on (409). */
  passkeysUnavailable: 'passkeys_unavailable',
  /** Sign-in met an account merge still running (SPEC §4 code `inprogress`); the user tries again later. */
  mergeInProgress: 'inprogress',
  /** The call needs the forced password change first (403). */
  passwordChangeRequired: 'password_change_required',
  internal: 'internal_error',
  idempotencyKeyReused: 'idempotency_key_reused',
  idempotencyKeyInFlight: 'idempotency_key_in_flight',
  clientOutdated: 'client_outdated',
  /** The server sheds load (503 with `Retry-After`): the call is tried again after the wait it names. */
  serverBusy: 'server_busy',
  /** A subject with recorded attendance or scores is never erased (409). */
  subjectHasRecords: 'subject_has_records',
  /** Only a draft subject (a copy saved temporarily) can be registered; this one already is (409). */
  subjectAlreadyPublished: 'subject_already_published',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Field-level validation codes shared by forms and the server. */
export const FieldError = {
  required: 'required',
  invalidType: 'invalid_type',
  invalidEmail: 'invalid_email',
  tooLong: 'too_long',
  tooShort: 'too_short',
  unknownField: 'unknown_field',
  invalid: 'invalid',
} as const;

export type FieldError = (typeof FieldError)[keyof typeof FieldError];
