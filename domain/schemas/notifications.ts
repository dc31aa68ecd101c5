import { z } from 'zod';
import { notificationParamsSchema } from '../notifications';
import {
  type CallSlice,
  dateTimeSchema,
  emptyBodySchema,
  idSchema,
  okResponseSchema,
  pageOnlyQueryShape,
  strictObject,
} from './common';

/**
 * A notification (SPEC §3: id, created_at, data.message, data.url). `read_at` is added because the bell
 * shows an unread count and a click marks the item read (SPEC §4); null while unread. `data.message` is a
 * code or text the UI translates; `data.url` is where a click navigates; `data.params` what it is about,
 * which the UI words with the code (issue 42).
 */
export const notificationSchema = z.object({
  id: idSchema,
  created_at: dateTimeSchema,
  read_at: dateTimeSchema.nullable(),
  data: z.object({ message: z.string(), url: z.string(), params: notificationParamsSchema.nullable() }),
});
/** A notification. */
export type Notification = z.infer<typeof notificationSchema>;

/**
 * `GET /api/notification` answer (SPEC §3: total, data, current_page). Further pages load until the loaded
 * count equals `total`; `unread` is added for the bell's count, which counts every page, not this one.
 */
export const notificationListResponseSchema = z.object({
  total: z.number().int().nonnegative(),
  data: z.array(notificationSchema),
  current_page: z.number().int().min(1),
  unread: z.number().int().nonnegative(),
});
/** A page of notifications. */
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

/** `GET /api/notification` query: `page` (SPEC §7). */
export const notificationListQuerySchema = strictObject(pageOnlyQueryShape);
/** Parsed query of the notification list. */
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** `POST /api/notification/read` body: `{ id }` (SPEC §7). */
export const notificationReadRequestSchema = strictObject({ id: idSchema });
/** Body of marking one notification read. */
export type NotificationReadRequest = z.infer<typeof notificationReadRequestSchema>;

/** The calls of this area in the call table (`domain/schemas/calls.ts` merges the slices). */
export const notificationsCalls = {
  'GET /api/notification': {
    roles: 'signedIn',
    query: notificationListQuerySchema,
    response: notificationListResponseSchema,
  },
  'POST /api/notification/read': {
    roles: 'signedIn',
    body: notificationReadRequestSchema,
    response: okResponseSchema,
  },
  'POST /api/notification/readAll': { roles: 'signedIn', body: emptyBodySchema, response: okResponseSchema },
} as const satisfies CallSlice;
