import { LIMITS } from './limits';

/** The longest accepted password (SPEC §5); login refuses longer input before hashing. */
export const PASSWORD_MAX_LENGTH = 24;
export const PASSWORD_MIN_LENGTH = 8;

// The sign-in calls' schemas and the types they parse are in `schemas/auth-account.ts`: these constants load
// without zod (the sign-in page).

/** Header and cookie names of the CSRF double submit. */
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_COOKIE = 'csrf_token';
export const SESSION_COOKIE = 'sid';

/** Cookie of a device the user chose to trust after the two-step code (httpOnly, 30 days). */
export const DEVICE_COOKIE = 'device';

/**
 * The name a cookie has when the app is served over https: the `__Host-` prefix binds it to the host, Secure
 * and path `/` (server/plugins/cookies.ts). The page reads the CSRF cookie under either name.
 */
export function secureCookieName(name: string): string {
  return `__Host-${name}`;
}

/** Limits of sign-in, the two-step code and password reset (ARCHITECTURE §4, issue 4). */
export const AUTH_LIMITS = {
  /** Wrong passwords in a row for one account from one address after which that pair must wait. */
  loginSoftLockFailures: 5,
  /** The first wait of such a pair; each further failure doubles it, up to `loginSoftLockMaxMs`. */
  loginSoftLockMs: 30_000,
  loginSoftLockMaxMs: 15 * 60_000,
  /** Wrong passwords an account may take in an hour before only its known clients may try it. */
  loginFailuresPerHour: 100,
  /** Wrong passwords an address may send in a minute before its unknown clients are slowed. */
  loginFailuresPerMinutePerAddress: 30,
  /** The longest such a slowed address waits between two tries. */
  loginAddressMaxWaitMs: 60_000,
  /** How long a successful sign-in makes an address a known client of the account. */
  loginKnownAddressMs: 30 * 24 * 60 * 60_000,
  /** Digits of the two-step code. */
  otpDigits: 6,
  /** Lifetime of a two-step code. */
  otpTtlMs: 10 * 60_000,
  /** Guesses one code allows. */
  otpGuessesPerCode: 5,
  /** Codes an account may ask for again (`POST /api/otp`) in 15 minutes. */
  otpCodesPer15Minutes: 3,
  /** Seconds between two codes (the screen's resend countdown). */
  otpResendSeconds: LIMITS.otpResendSeconds,
  /** Wrong codes in a day after which the account is locked and the user told by mail. */
  otpFailuresPerDay: 10,
  /** How long that lock lasts unless a password reset ends it first. */
  otpLockMs: 24 * 60 * 60_000,
  /** Days a trusted device skips the code. */
  trustedDeviceDays: LIMITS.trustedDeviceDays,
  /** Reset mails one address may be sent in an hour. */
  resetMailsPerHour: 3,
  /** Lifetime of a reset link. */
  resetTtlMs: 60 * 60_000,
  /** Lifetime of an invitation's choose-password link: long enough to find the mail after a weekend. */
  inviteTtlMs: 7 * 24 * 60 * 60_000,
} as const;

/** The calls a session may make before its two-step code or forced password change is done. */
export const PRE_VERIFICATION_CALLS: readonly string[] = [
  'POST /api/logout',
  'GET /api/me',
  'POST /api/otp',
  'POST /api/verify-otp',
  'POST /api/passkeys/authentication-options',
  'POST /api/passkeys/authenticate',
  'POST /api/password/force-change',
];
