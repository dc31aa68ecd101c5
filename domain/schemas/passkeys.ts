import { z } from 'zod';
import { FieldError } from '../errors';
import { LIMITS } from '../limits';
import { textWithin } from '../validation';
import { ValidationCode } from '../validation-codes';
import { loginResponseSchema } from './auth-account';
import {
  booleanSchema,
  type CallSlice,
  emptyBodySchema,
  idParams,
  okResponseSchema,
  strictObject,
  stringSchema,
} from './common';

// Passkeys (WebAuthn) as the second step of sign-in, issue 44. The browser's credential comes as the JSON the
// WebAuthn Level 3 `toJSON()` gives (and @simplewebauthn/browser builds): binary fields base64url.

/** Bytes the WebAuthn JSON carries, base64url; an attestation object of a real authenticator stays far below. */
const base64url = (max: number) =>
  stringSchema.max(max, ValidationCode.tooLong).regex(/^[A-Za-z0-9_-]+$/, FieldError.invalid);

// Transports as the browser names them: today's (usb, nfc, ble, internal, hybrid, smart-card) and any later.
const transportSchema = stringSchema.max(32, ValidationCode.tooLong).regex(/^[a-z-]+$/, FieldError.invalid);

/** What a browser's credential carries beside its response: the same for both ceremonies. */
const credentialFields = {
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key', FieldError.invalid),
  authenticatorAttachment: z.enum(['platform', 'cross-platform'], FieldError.invalid).optional(),
  // Extension outputs the server asked for none of: accepted as the browser sends them, never read.
  clientExtensionResults: z.record(stringSchema.max(64), z.unknown()).default({}),
};

/** A new credential (`navigator.credentials.create`) as JSON. */
export const registrationCredentialSchema = strictObject({
  ...credentialFields,
  response: strictObject({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    authenticatorData: base64url(16_384).optional(),
    transports: z.array(transportSchema).max(8, ValidationCode.tooLong).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});

/** A signed assertion (`navigator.credentials.get`) as JSON. */
export const authenticationCredentialSchema = strictObject({
  ...credentialFields,
  response: strictObject({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(1024),
    userHandle: base64url(256).optional(),
  }),
});

/** `POST /api/passkeys`: the credential the browser made from the last registration options, and its name. */
export const passkeyRegisterRequestSchema = strictObject({
  name: textWithin(LIMITS.nameMaxLength).min(1, ValidationCode.required),
  credential: registrationCredentialSchema,
});
export type PasskeyRegisterRequest = z.infer<typeof passkeyRegisterRequestSchema>;

/** `POST /api/passkeys/authenticate`: the assertion of the last authentication options. */
export const passkeyAuthenticateRequestSchema = strictObject({
  credential: authenticationCredentialSchema,
  trust_device: booleanSchema.default(false),
});
export type PasskeyAuthenticateRequest = z.infer<typeof passkeyAuthenticateRequestSchema>;

/**
 * Options for the browser's WebAuthn call, as @simplewebauthn/server makes them (`PublicKeyCredential…
 * OptionsJSON`): passed through whole to @simplewebauthn/browser, which knows their shape.
 */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string() });

/** One passkey of the caller, as the profile lists them. */
export const passkeyEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type PasskeyEntry = z.infer<typeof passkeyEntrySchema>;

/** `GET /api/passkeys`: whether this server offers passkeys (its public URL allows them), and the caller's. */
export const passkeyListSchema = z.object({ available: z.boolean(), data: z.array(passkeyEntrySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/** The calls of passkeys in the call table (`domain/schemas/calls.ts` merges the slices). */
export const passkeyCalls = {
  // Passkeys (issue 44): each user registers, lists and removes their own; the two authentication calls are
  // the second step of a sign-in, on the session the password step opened.
  'GET /api/passkeys': { roles: 'signedIn', response: passkeyListSchema },
  'POST /api/passkeys/registration-options': {
    roles: 'signedIn',
    body: emptyBodySchema,
    response: passkeyOptionsSchema,
  },
  'POST /api/passkeys': {
    roles: 'signedIn',
    body: passkeyRegisterRequestSchema,
    response: passkeyEntrySchema,
  },
  'DELETE /api/passkeys/:passkeyId': {
    roles: 'signedIn',
    params: idParams('passkeyId'),
    body: emptyBodySchema,
    response: okResponseSchema,
  },
  // The second step of a sign-in: run on the session the password step opened, like the mailed code.
  'POST /api/passkeys/authentication-options': {
    roles: 'signedIn',
    body: emptyBodySchema,
    response: passkeyOptionsSchema,
  },
  // Answers the login response with `verified_otp` true, like `POST /api/verify-otp`.
  'POST /api/passkeys/authenticate': {
    roles: 'signedIn',
    body: passkeyAuthenticateRequestSchema,
    response: loginResponseSchema,
  },
} as const satisfies CallSlice;
