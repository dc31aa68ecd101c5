import { z } from 'zod';

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

/** Notifications per page of `GET /api/notification`. */
export const NOTIFICATIONS_PER_PAGE = 20;

/** One notification as `GET /api/notification` lists it (SPEC §3: id, created_at, data.message, data.url). */
export const notificationItemSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
  data: z.object({ message: z.string(), url: z.string() }),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** `GET /api/notification` (SPEC §3: total, data, current_page), plus the unread count of the bell. */
export const notificationListSchema = z.object({
  total: z.number().int(),
  current_page: z.number().int(),
  per_page: z.number().int(),
  unread: z.number().int(),
  data: z.array(notificationItemSchema),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** Query of `GET /api/notification`. */
export const notificationQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** Body of `POST /api/notification/read`. */
export const notificationReadSchema = z.strictObject({ id: z.uuid('invalid') });
