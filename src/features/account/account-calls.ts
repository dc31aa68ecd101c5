import type { z } from 'zod';
import { CSRF_HEADER } from '../../../domain/auth';
import {
  type AvatarResponse,
  avatarResponseSchema,
  type NotificationSettings,
  notificationSettingsSchema,
  type Profile,
  profileSchema,
  type SessionEntry,
  sessionListSchema,
  type UpdateProfileRequest,
} from '../../../domain/schemas/auth-account';
import { okResponseSchema } from '../../../domain/schemas/common';
import { type OnlineView, useOnlineView } from '../../db/use-online-view';
import { apiRequest, HttpError, readCsrfCookie, readResponse } from '../../sync/http';

/** Why an account call failed: one code to translate, and its field when there is one. */
export type AccountFailure = { code: string; field?: string };
/** The outcome of an online-only account call. */
export type AccountResult<T> = { ok: true; value: T } | { ok: false; failure: AccountFailure };

function failureOf(error: unknown): AccountFailure {
  if (!(error instanceof HttpError)) return { code: 'network_error' };
  if (error.status === 422) {
    for (const [field, codes] of Object.entries(error.body?.errors ?? {})) {
      const code = codes[0];
      if (code) return { code, field };
    }
  }
  return { code: error.code ?? 'internal_error' };
}

async function run<T>(schema: z.ZodType<T>, send: () => Promise<unknown>): Promise<AccountResult<T>> {
  if (!navigator.onLine) return { ok: false, failure: { code: 'offline_now' } };
  try {
    return { ok: true, value: schema.parse(await send()) };
  } catch (error) {
    return { ok: false, failure: failureOf(error) };
  }
}

const pathKind = (isStudent: boolean) => (isStudent ? 'students' : 'users');

/** `POST /api/{students|users}/update-profile`. */
export function saveProfile(
  isStudent: boolean,
  values: UpdateProfileRequest,
): Promise<AccountResult<Profile>> {
  return run(profileSchema, () => apiRequest('POST', `/api/${pathKind(isStudent)}/update-profile`, values));
}

/** `POST /api/{students|users}/update-avatar`: the picked file is the body, as its own image type. */
export function uploadAvatar(isStudent: boolean, file: File): Promise<AccountResult<AvatarResponse>> {
  return run(avatarResponseSchema, async () => {
    const response = await fetch(`/api/${pathKind(isStudent)}/update-avatar`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': file.type, [CSRF_HEADER]: readCsrfCookie() ?? '' },
      body: file,
    });
    return readResponse(response);
  });
}

/** `DELETE /api/sessions/:sessionId`. */
export function revokeSession(sessionId: string): Promise<AccountResult<{ ok: true }>> {
  return run(okResponseSchema, () => apiRequest('DELETE', `/api/sessions/${sessionId}`));
}

/** `POST /api/users/update-notification`. */
export function saveNotificationSettings(
  settings: NotificationSettings,
): Promise<AccountResult<NotificationSettings>> {
  return run(notificationSettingsSchema, () =>
    apiRequest('POST', '/api/users/update-notification', settings),
  );
}

/** An online-only read through the view cache: shown offline from its last answer, with its time. */
function useAccountView<T>(schema: z.ZodType<T>, path: string): OnlineView<T> {
  return useOnlineView(path, () => run(schema, () => apiRequest('GET', path)), schema);
}

/** The caller's profile (`GET /api/profile`). */
export function useProfile(): OnlineView<Profile> {
  return useAccountView(profileSchema, '/api/profile');
}

/** The caller's sessions (`GET /api/sessions`). */
export function useSessions(): OnlineView<SessionEntry[]> {
  const view = useAccountView(sessionListSchema, '/api/sessions');
  return { ...view, value: view.value?.data ?? null };
}

/** The caller's notification settings (`GET /api/users/notification-by-user`). */
export function useNotificationSettings(): OnlineView<NotificationSettings> {
  return useAccountView(notificationSettingsSchema, '/api/users/notification-by-user');
}
