import { z } from 'zod';
import { codeSchema } from './codes';
import { LIMITS } from './limits';
import { RequestOption } from './requests';

/**
 * Message ids a notification carries in `data.message` (SPEC §3); the SPA translates them (ja/vi/en), so a
 * stored notification reads in the language of whoever opens it.
 */
export const NotificationMessage = {
  requestCreated: 'notification_request_created',
  requestApproved: 'notification_request_approved',
  requestRejected: 'notification_request_rejected',
  newSticky: 'notification_new_sticky',
  accountChanged: 'notification_account_changed',
  /** A guardian's child was marked absent or late (issue 43, absence notices): `params.sittings` says where. */
  absence: 'notification_absence',
} as const;
export type NotificationMessage = (typeof NotificationMessage)[keyof typeof NotificationMessage];

/**
 * The notifications also mailed to users whose mail switch is on. A new card is not: the dashboard the user
 * lands on lists it, and a mail per card would bury the mails that matter (requests, account changes).
 */
export const MAILED_NOTIFICATIONS = [
  NotificationMessage.requestCreated,
  NotificationMessage.requestApproved,
  NotificationMessage.requestRejected,
  NotificationMessage.accountChanged,
] as const;
export type MailedNotification = (typeof MAILED_NOTIFICATIONS)[number];

/** Whether a notification is also mailed (to users whose mail switch is on). */
export function isMailedNotification(message: NotificationMessage): message is MailedNotification {
  return (MAILED_NOTIFICATIONS as readonly NotificationMessage[]).includes(message);
}

/** One sitting an absence notice names: the lesson, its start and end (`HH:MM`), and the child's status. */
export const absenceSittingSchema = z.strictObject({
  lessonName: z.string().max(LIMITS.nameMaxLength),
  start: z.string().max(5),
  end: z.string().max(5),
  /** `AttendanceStatus.late` or `AttendanceStatus.unexplainedAbsence`. */
  status: z.number().int(),
});
/** One sitting of an absence notice. */
export type AbsenceSitting = z.infer<typeof absenceSittingSchema>;

/**
 * What a notification is about, for the app to word it in the reader's language (issue 42: "A new request is
 * waiting for you." named no request): a request's student, subject, class, option and the day of its sitting.
 * Names are those of the moment it was sent, as a message is; null where the notification is about no one
 * thing (a new card, an account change) or the request names none (no class, no sitting).
 */
export const notificationParamsSchema = z.strictObject({
  studentName: z.string().max(LIMITS.nameMaxLength).nullable(),
  subjectName: z.string().max(LIMITS.nameMaxLength).nullable(),
  className: z.string().max(LIMITS.nameMaxLength).nullable(),
  requestOption: codeSchema(RequestOption).nullable(),
  /** The day of the request's sitting, `YYYY-MM-DD`. */
  day: z.string().max(10).nullable(),
  /** An absence notice's sittings of `day`, in time order, each with its status code (`AttendanceStatus`). */
  sittings: z.array(absenceSittingSchema).max(LIMITS.absenceNoticeSittingsMax).optional(),
});
/** The parameters of a notification. */
export type NotificationParams = z.infer<typeof notificationParamsSchema>;

/** Notifications per page of `GET /api/notification`, and per step of the bell's list as it scrolls. */
export const NOTIFICATIONS_PER_PAGE = 20;
