import { ErrorCode } from '../../../domain/errors';
import type { LoginRequest, LoginResponse } from '../../../domain/schemas/auth-account';
import { type CallFailure, callApi } from '../../api/call-api';

/** Why a sign-in failed: one error code to translate, and the field it belongs to when there is one. */
export type SignInFailure = CallFailure;

export type SignInResult = { ok: true; user: LoginResponse } | { ok: false; failure: SignInFailure };

/** Signs in with `POST /api/login`; an online-only call, so it reports offline instead of queueing. */
export async function signIn(request: LoginRequest): Promise<SignInResult> {
  const result = await callApi('POST /api/login', { body: request });
  if (result.ok) return { ok: true, user: result.value };
  // Wrong credentials belong to the pair, not to the email field the server files them under.
  if (result.failure.code === ErrorCode.invalidCredentials) {
    return { ok: false, failure: { code: result.failure.code } };
  }
  return result;
}
