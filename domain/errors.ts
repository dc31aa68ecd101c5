import { z } from 'zod';

/** Codes the server sends; the UI translates each one (ARCHITECTURE §4). */
export const ErrorCode = {
  validation: 'validation_failed',
  invalidJson: 'invalid_json',
  unsupportedMediaType: 'unsupported_media_type',
  payloadTooLarge: 'payload_too_large',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  tokenMismatch: 'token_mismatch',
  invalidCredentials: 'invalid_credentials',
  tooManyRequests: 'too_many_requests',
  internal: 'internal_error',
  idempotencyKeyReused: 'idempotency_key_reused',
  idempotencyKeyInFlight: 'idempotency_key_in_flight',
  clientOutdated: 'client_outdated',
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

/** The one error shape every call answers with (ARCHITECTURE §4). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  token: z.string().optional(),
});

export type ApiError = z.infer<typeof apiErrorSchema>;
