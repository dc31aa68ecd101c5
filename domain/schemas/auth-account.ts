import { z } from 'zod';
import { DEFAULT_AVATAR_FILE, STUDENT_AVATAR_PATH, USER_AVATAR_PATH } from '../avatar-paths';
import { FieldError } from '../errors';
import { LIMITS } from '../limits';
import { LOCALES } from '../locales';
import { ROLE_LIST, STUDENTS_ONLY, USERS_ACCOUNT_ROLES } from '../roles';
import {
  changePasswordSchema,
  emailSchema,
  nameKanaSchema,
  passwordPairSchema,
  phoneSchema,
  textWithin,
} from '../validation';
import { ValidationCode } from '../validation-codes';
import {
  booleanSchema,
  type CallSlice,
  emptyBodySchema,
  idSchema,
  okResponseSchema,
  strictObject,
  stringSchema,
} from './common';

/** `POST /api/login` body. */
export const loginRequestSchema = z.strictObject({
  email: z.string().trim().min(1, 'required').max(254, 'too_long').pipe(z.email('invalid_email')),
  password: z.string().min(1, 'required').max(128, 'too_long'),
});

export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** A role a user account can hold (SPEC §9 "Role list"). */
const roleSchema = z.union(ROLE_LIST.map((role) => z.literal(role)));

/**
 * `POST /api/login` answer: the fields of SPEC §3 plus `id`, which names the user's local database.
 */
export const loginResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: roleSchema,
  must_change_password: z.boolean(),
  is_trusted: z.boolean(),
  verified_otp: z.boolean(),
  /** The avatar file name (SPEC §3 User), null or absent for the default avatar. */
  avatar: z.string().nullable().optional(),
  /** True when the second step asks for one of the account's passkeys rather than a mailed code (issue 44). */
  passkey_step: z.boolean().optional(),
});

export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The signed-in user the browser keeps in local storage ("the stored user" of SPEC §4). */
export const storedUserSchema = loginResponseSchema;
export type StoredUser = LoginResponse;

/** `POST /api/otp` answer: seconds until another code may be asked for. */
export const otpSentResponseSchema = z.object({ resend_in: z.number().int() });
export type OtpSentResponse = z.infer<typeof otpSentResponseSchema>;

// The avatar folders are named in domain/avatar-paths.ts; their users import them from here as before.
export { DEFAULT_AVATAR_FILE, STUDENT_AVATAR_PATH, USER_AVATAR_PATH };

/**
 * A user as the header and lists show them (SPEC §3: name, role, avatar). `role` stays a plain number
 * because SPEC §1 gives "any other code" a meaning (no role); `avatar` is the file name under the avatar
 * folder of the user's kind, null for the default avatar.
 */
export const userSchema = z.object({
  id: idSchema,
  name: z.string(),
  role: z.number().int(),
  avatar: z.string().nullable(),
});
/** A user. */
export type User = z.infer<typeof userSchema>;

/** The avatar URL of a user: their file under the folder of students or staff, else the default file. */
export function avatarUrl(user: Pick<User, 'avatar'>, isStudent: boolean): string {
  const folder = isStudent ? STUDENT_AVATAR_PATH : USER_AVATAR_PATH;
  return `${folder}/${user.avatar ?? DEFAULT_AVATAR_FILE}`;
}

/**
 * `POST /api/verify-otp`: the 6-digit code mailed to the user (ARCHITECTURE §4) and whether to trust this
 * device for 30 days. Full-width digits are not folded: the code is pasted from a mail, not typed with an IME.
 */
export const verifyOtpRequestSchema = strictObject({
  code: stringSchema.regex(/^\d{6}$/, FieldError.invalid),
  trust_device: booleanSchema.default(false),
});
/** Body of `POST /api/verify-otp`. */
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequestSchema>;

/** `POST /api/password/email` and `/api/edu-account/resend-choose-emails`: `{ email }` (SPEC §7). */
export const emailRequestSchema = strictObject({ email: emailSchema });
/** Body of the calls that take one email address. */
export type EmailRequest = z.infer<typeof emailRequestSchema>;

/**
 * `POST /api/password/reset`: the token of the mailed link (`/reset-password/{token}`) and a confirmed new
 * password. `safeExtend` keeps the pair's own rules (strength, confirmation) and its strictness.
 */
export const passwordResetRequestSchema = passwordPairSchema.safeExtend({
  token: stringSchema.min(1, ValidationCode.required).max(512, ValidationCode.tooLong),
});
/** Body of `POST /api/password/reset`. */
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** `POST /api/password/force-change`: a confirmed new password (the pair rule of SPEC §5). */
export const forceChangePasswordRequestSchema = passwordPairSchema;
/** `POST /api/{students|users}/change-password`: the current password and a confirmed new one. */
export const changePasswordRequestSchema = changePasswordSchema;

/**
 * `POST /api/{students|users}/update-avatar` answer (SPEC §7 "response avatar"): the new file name. The
 * body is the image itself (`Content-Type: image/png` or `image/jpeg`), checked by `validateAvatarFile` in the
 * form and by content on the server, so it has no JSON body schema.
 */
export const avatarResponseSchema = z.object({ avatar: z.string() });
/** Answer of an avatar update. */
export type AvatarResponse = z.infer<typeof avatarResponseSchema>;

/**
 * The notification settings of `GET /api/users/notification-by-user` and `POST /api/users/update-notification`.
 * SPEC names the screen only; the minimal useful choice is one switch per channel: the bell (`web`) and mail.
 */
export const notificationSettingsSchema = strictObject({ web: booleanSchema, mail: booleanSchema });
/** A user's notification settings. */
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** `POST /api/users/update-language`: the language the caller chose in the app, that of their mail. */
export const languageRequestSchema = strictObject({ locale: z.enum(LOCALES, FieldError.invalid) });
/** Body of a language change. */
export type LanguageRequest = z.infer<typeof languageRequestSchema>;

/** `GET /api/csrf`: the CSRF token a worker cannot read from the cookie. */
export const csrfResponseSchema = z.object({ token: z.string() });

/**
 * `GET /admin/manifest.json`: the web app manifest. Only the fields the app reads are named; the rest of the
 * manifest standard passes through untouched.
 */
export const webManifestSchema = z.looseObject({
  name: z.string(),
  short_name: z.string().optional(),
  start_url: z.string(),
  scope: z.string().optional(),
  display: z.string().optional(),
  icons: z.array(
    z.looseObject({ src: z.string(), sizes: z.string().optional(), type: z.string().optional() }),
  ),
});
/** The web app manifest. */
export type WebManifest = z.infer<typeof webManifestSchema>;

/**
 * A password validation message (SPEC §3 "password validation (field, message)"): the first field of a 422
 * and its first code, which the password and avatar forms show (SPEC §5).
 */
export const passwordValidationSchema = z.object({ field: z.string(), message: z.string() });
/** A password validation message. */
export type PasswordValidation = z.infer<typeof passwordValidationSchema>;

/** `GET /api/profile`: the caller's own details. */
export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  name_kana: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  role: roleSchema,
});
/** The caller's own details. */
export type Profile = z.infer<typeof profileSchema>;

// An empty optional field means "none": the form sends '' and the record stores null.
const emptyAsNull = z.literal('').transform(() => null);

/** `POST /api/{students|users}/update-profile`: name, kana, phone and email (SPEC §5 checks). */
export const updateProfileRequestSchema = strictObject({
  name: textWithin(LIMITS.nameMaxLength).min(1, ValidationCode.required),
  name_kana: z.union([emptyAsNull, nameKanaSchema]).nullable(),
  phone: z.union([emptyAsNull, phoneSchema]).nullable(),
  email: emailSchema,
});
/** Body of a profile update. */
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/**
 * The device of a session as the server read its User-Agent: browser name, its major version and the
 * system, each null when unknown (the app words "Chrome 120 · Windows" and the unknown parts).
 */
export const sessionDeviceSchema = z.object({
  browser: z.string().nullable(),
  browser_version: z.string().nullable(),
  os: z.string().nullable(),
});
/** A session's device. */
export type SessionDevice = z.infer<typeof sessionDeviceSchema>;

/** One signed-in session of the caller, as the profile lists them. */
export const sessionEntrySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  user_agent: z.string().nullable(),
  device: sessionDeviceSchema,
  current: z.boolean(),
});
/** A session entry. */
export type SessionEntry = z.infer<typeof sessionEntrySchema>;
/** `GET /api/sessions`. */
export const sessionListSchema = z.object({ data: z.array(sessionEntrySchema) });

/** `DELETE /api/sessions/:sessionId`: a session id as the list gives it (sha256 hex). */
export const sessionIdParamsSchema = strictObject({
  sessionId: stringSchema.regex(/^[0-9a-f]{64}$/, FieldError.invalid),
});

/** `GET /storage/images/avatar/:kind/:file`: only stored names (uuid.png / uuid.jpg) or the default file. */
export const avatarFileParamsSchema = strictObject({
  kind: z.enum(['student', 'user'], FieldError.invalid),
  file: stringSchema.regex(/^(?:[0-9a-f-]{36}\.(?:png|jpg)|default-avatar\.svg)$/, FieldError.invalid),
});

/** The calls of this area in the call table (`domain/schemas/calls.ts` merges the slices). */
export const authAccountCalls = {
  'POST /api/login': { roles: 'public', body: loginRequestSchema, response: loginResponseSchema },
  'POST /api/logout': { roles: 'signedIn', body: emptyBodySchema, response: okResponseSchema },
  'GET /api/me': { roles: 'signedIn', response: loginResponseSchema },
  'GET /api/csrf': { roles: 'public', response: csrfResponseSchema },
  // Auth and account. The OTP calls and the forced change run on the session the password step opened.
  // Resends the mailed code of the login in progress; answers the seconds until another may be asked for.
  'POST /api/otp': { roles: 'signedIn', body: emptyBodySchema, response: otpSentResponseSchema },
  // Answers the login response again, now with `verified_otp` true, so the client stores one shape.
  'POST /api/verify-otp': { roles: 'signedIn', body: verifyOtpRequestSchema, response: loginResponseSchema },
  // Always `ok`, whether the address is known or not, so the form cannot probe for accounts.
  'POST /api/password/email': { roles: 'public', body: emailRequestSchema, response: okResponseSchema },
  'POST /api/password/reset': {
    roles: 'public',
    body: passwordResetRequestSchema,
    response: okResponseSchema,
  },
  'POST /api/password/force-change': {
    roles: 'signedIn',
    body: forceChangePasswordRequestSchema,
    response: loginResponseSchema,
  },
  'POST /api/edu-account/resend-choose-emails': {
    roles: 'public',
    body: emailRequestSchema,
    response: okResponseSchema,
  },
  // SPEC §7: students use the `students` variants, everyone else (guardians too) the `users` ones.
  'POST /api/students/change-password': {
    roles: STUDENTS_ONLY,
    body: changePasswordRequestSchema,
    response: okResponseSchema,
  },
  'POST /api/users/change-password': {
    roles: USERS_ACCOUNT_ROLES,
    body: changePasswordRequestSchema,
    response: okResponseSchema,
  },
  // Uploads of the image itself (`Content-Type: image/png|image/jpeg`): checked by `validateAvatarFile` in the
  // form and by content on the server, not by a JSON schema.
  'POST /api/students/update-avatar': { roles: STUDENTS_ONLY, response: avatarResponseSchema },
  'POST /api/users/update-avatar': { roles: USERS_ACCOUNT_ROLES, response: avatarResponseSchema },
  'GET /api/users/notification-by-user': { roles: 'signedIn', response: notificationSettingsSchema },
  'POST /api/users/update-notification': {
    roles: 'signedIn',
    body: notificationSettingsSchema,
    response: notificationSettingsSchema,
  },
  // Not in SPEC §7: the language switch tells the server, so mail reaches the user in their language.
  'POST /api/users/update-language': {
    roles: 'signedIn',
    body: languageRequestSchema,
    response: okResponseSchema,
  },
  // The profile screen (SPEC §2 /profile, all roles) names no calls of its own; these follow the avatar's
  // pattern: students use the `students` path, everyone else `users`. Sessions are the caller's own.
  'GET /api/profile': { roles: 'signedIn', response: profileSchema },
  'POST /api/students/update-profile': {
    roles: STUDENTS_ONLY,
    body: updateProfileRequestSchema,
    response: profileSchema,
  },
  'POST /api/users/update-profile': {
    roles: USERS_ACCOUNT_ROLES,
    body: updateProfileRequestSchema,
    response: profileSchema,
  },
  'GET /api/sessions': { roles: 'signedIn', response: sessionListSchema },
  'DELETE /api/sessions/:sessionId': {
    roles: 'signedIn',
    params: sessionIdParamsSchema,
    body: emptyBodySchema,
    response: okResponseSchema,
  },
  'GET /admin/manifest.json': { roles: 'public', response: webManifestSchema },
} as const satisfies CallSlice;
