import { type LoginRequest, type LoginResponse, loginResponseSchema } from '../../../domain/auth';
import { apiRequest, HttpError } from '../../sync/http';

/** Why a sign-in failed: one error code to translate, and the field it belongs to when there is one. */
export type SignInFailure = { code: string; field?: string };

export type SignInResult = { ok: true; user: LoginResponse } | { ok: false; failure: SignInFailure };

/** The first field's first code of a 422 answer (SPEC §5: the first message is shown). */
function firstFieldError(errors: Record<string, string[]> | undefined): SignInFailure | undefined {
  for (const [field, codes] of Object.entries(errors ?? {})) {
    const code = codes[0];
    if (code) return { code, field };
  }
  return undefined;
}

/** Signs in with `POST /api/login`; an online-only call, so it reports offline instead of queueing. */
export async function signIn(request: LoginRequest): Promise<SignInResult> {
  if (!navigator.onLine) return { ok: false, failure: { code: 'offline_now' } };
  try {
    const user = loginResponseSchema.parse(await apiRequest('POST', '/api/login', request));
    return { ok: true, user };
  } catch (error) {
    if (!(error instanceof HttpError)) return { ok: false, failure: { code: 'network_error' } };
    if (error.code === 'invalid_credentials') return { ok: false, failure: { code: error.code } };
    const field = error.status === 422 ? firstFieldError(error.body?.errors) : undefined;
    return { ok: false, failure: field ?? { code: error.code ?? 'internal_error' } };
  }
}
