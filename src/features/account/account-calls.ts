import { callPath } from '../../../domain/permissions';
import type {
  AvatarResponse,
  NotificationSettings,
  Profile,
  SessionEntry,
  UpdateProfileRequest,
} from '../../../domain/schemas/auth-account';
import { type CallFailure, type CallResult, callApi } from '../../api/call-api';
import type { OnlineView } from '../../db/use-online-view';
import { useCallView } from '../shared/use-call-view';

/** Why an account call failed: one code to translate, and its field when there is one. */
export type AccountFailure = CallFailure;
/** The outcome of an online-only account call. */
export type AccountResult<T> = CallResult<T>;

/** `POST /api/{students|users}/update-profile`. */
export function saveProfile(
  isStudent: boolean,
  values: UpdateProfileRequest,
): Promise<AccountResult<Profile>> {
  return isStudent
    ? callApi('POST /api/students/update-profile', { body: values })
    : callApi('POST /api/users/update-profile', { body: values });
}

/** `POST /api/{students|users}/update-avatar`: the picked file is the body, as its own image type. */
export function uploadAvatar(isStudent: boolean, file: File): Promise<AccountResult<AvatarResponse>> {
  const upload = { file, contentType: file.type };
  return isStudent
    ? callApi('POST /api/students/update-avatar', { upload })
    : callApi('POST /api/users/update-avatar', { upload });
}

/** `DELETE /api/sessions/:sessionId`. */
export function revokeSession(sessionId: string): Promise<AccountResult<{ ok: true }>> {
  return callApi('DELETE /api/sessions/:sessionId', { params: { sessionId } });
}

/** `POST /api/users/update-notification`. */
export function saveNotificationSettings(
  settings: NotificationSettings,
): Promise<AccountResult<NotificationSettings>> {
  return callApi('POST /api/users/update-notification', { body: settings });
}

// The reads below are online-only views: shown offline from their last answer, with its time. Each is
// stored under its path, as before the call table named it, so answers cached by an older build still show.

/** The caller's profile (`GET /api/profile`). */
export function useProfile(): OnlineView<Profile> {
  return useCallView(callPath('GET /api/profile'), 'GET /api/profile');
}

/** The caller's sessions (`GET /api/sessions`). */
export function useSessions(): OnlineView<SessionEntry[]> {
  const view = useCallView(callPath('GET /api/sessions'), 'GET /api/sessions');
  return { ...view, value: view.value?.data ?? null };
}

/** The caller's notification settings (`GET /api/users/notification-by-user`). */
export function useNotificationSettings(): OnlineView<NotificationSettings> {
  return useCallView(callPath('GET /api/users/notification-by-user'), 'GET /api/users/notification-by-user');
}
