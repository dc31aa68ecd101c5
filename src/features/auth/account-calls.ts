import type { z } from 'zod';
import {
  type LoginResponse,
  loginResponseSchema,
  type OtpSentResponse,
  okResponseSchema,
  otpSentResponseSchema,
} from '../../../domain/auth';
import { apiRequest, HttpError } from '../../sync/http';

/** Why a call failed: one code to translate, and the field it belongs to when there is one. */
export type CallFailure = { code: string; field?: string };

/** The outcome of an online-only account call. */
export type CallResult<T> = { ok: true; value: T } | { ok: false; failure: CallFailure };

/** The first field's first code of a 422 answer (SPEC §5: the first message is shown). */
export function firstFieldError(errors: Record<string, string[]> | undefined): CallFailure | undefined {
  for (const [field, codes] of Object.entries(errors ?? {})) {
    const code = codes[0];
    if (code) return { code, field };
  }
  return undefined;
}

/** Runs an online-only call and turns every failure into a code (offline, network, server). */
export async function accountCall<T>(
  schema: z.ZodType<T>,
  path: string,
  body?: unknown,
): Promise<CallResult<T>> {
  if (!navigator.onLine) return { ok: false, failure: { code: 'offline_now' } };
  try {
    return { ok: true, value: schema.parse(await apiRequest('POST', path, body)) };
  } catch (error) {
    if (!(error instanceof HttpError)) return { ok: false, failure: { code: 'network_error' } };
    const field = error.status === 422 ? firstFieldError(error.body?.errors) : undefined;
    return { ok: false, failure: field ?? { code: error.code ?? 'internal_error' } };
  }
}

/** `POST /api/verify-otp`. */
export function verifyOtp(code: string, trustDevice: boolean): Promise<CallResult<LoginResponse>> {
  return accountCall(loginResponseSchema, '/api/verify-otp', { code, trust_device: trustDevice });
}

/** `POST /api/otp`: another code by mail. */
export function resendOtp(): Promise<CallResult<OtpSentResponse>> {
  return accountCall(otpSentResponseSchema, '/api/otp');
}

/** `POST /api/password/force-change`. */
export function forceChangePassword(values: {
  password: string;
  password_confirmation: string;
}): Promise<CallResult<LoginResponse>> {
  return accountCall(loginResponseSchema, '/api/password/force-change', values);
}

/** `POST /api/password/email`. */
export function requestPasswordReset(email: string): Promise<CallResult<{ ok: true }>> {
  return accountCall(okResponseSchema, '/api/password/email', { email });
}

/** `POST /api/password/reset`. */
export function resetPassword(values: {
  token: string;
  password: string;
  password_confirmation: string;
}): Promise<CallResult<{ ok: true }>> {
  return accountCall(okResponseSchema, '/api/password/reset', values);
}

/** `POST /api/{students|users}/change-password`: students use their own path (SPEC §7). */
export function changePassword(
  isStudent: boolean,
  values: { current_password: string; password: string; password_confirmation: string },
): Promise<CallResult<{ ok: true }>> {
  return accountCall(okResponseSchema, `/api/${isStudent ? 'students' : 'users'}/change-password`, values);
}
