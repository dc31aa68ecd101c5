import type { LoginResponse, OtpSentResponse } from '../../../domain/schemas/auth-account';
import { type CallResult, callApi } from '../../api/call-api';

/** `POST /api/verify-otp`. */
export function verifyOtp(code: string, trustDevice: boolean): Promise<CallResult<LoginResponse>> {
  return callApi('POST /api/verify-otp', { body: { code, trust_device: trustDevice } });
}

/** `POST /api/otp`: another code by mail. */
export function resendOtp(): Promise<CallResult<OtpSentResponse>> {
  return callApi('POST /api/otp');
}

/** `POST /api/password/force-change`. */
export function forceChangePassword(values: {
  password: string;
  password_confirmation: string;
}): Promise<CallResult<LoginResponse>> {
  return callApi('POST /api/password/force-change', { body: values });
}

/** `POST /api/password/email`. */
export function requestPasswordReset(email: string): Promise<CallResult<{ ok: true }>> {
  return callApi('POST /api/password/email', { body: { email } });
}

/** `POST /api/password/reset`. */
export function resetPassword(values: {
  token: string;
  password: string;
  password_confirmation: string;
}): Promise<CallResult<{ ok: true }>> {
  return callApi('POST /api/password/reset', { body: values });
}

/** `POST /api/{students|users}/change-password`: students use their own path (SPEC §7). */
export function changePassword(
  isStudent: boolean,
  values: { current_password: string; password: string; password_confirmation: string },
): Promise<CallResult<{ ok: true }>> {
  return isStudent
    ? callApi('POST /api/students/change-password', { body: values })
    : callApi('POST /api/users/change-password', { body: values });
}
