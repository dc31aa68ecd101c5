import { z } from 'zod';
import { FieldError } from '../errors';
import { ValidationCode } from '../validation-codes';
import { type CallSlice, okResponseSchema, strictObject, stringSchema } from './common';

// Web Push (issue 43): a phone that allowed notices gives the server its subscription, the server keeps it
// for the signed-in user and sends absence notices to it (server/modules/push).

/**
 * A push service's URL for one browser (`PushSubscription.endpoint`): always HTTPS, which also keeps a
 * subscription from aiming the server's sends at any plain-HTTP host.
 */
const endpointSchema = stringSchema
  .max(2048, ValidationCode.tooLong)
  .regex(/^https:\/\/[^\s]+$/, FieldError.invalid);

/** Keys of a subscription, base64url as `PushSubscription.toJSON()` gives them. */
const keySchema = (max: number) =>
  stringSchema.max(max, ValidationCode.tooLong).regex(/^[A-Za-z0-9_-]+=*$/, FieldError.invalid);

/** `GET /api/push/key` answer: the server's VAPID public key, for `pushManager.subscribe`. */
export const pushKeyResponseSchema = z.object({ publicKey: z.string() });
/** The server's VAPID public key. */
export type PushKeyResponse = z.infer<typeof pushKeyResponseSchema>;

/** `POST /api/push/subscriptions` body: `PushSubscription.toJSON()`. */
export const pushSubscribeRequestSchema = strictObject({
  endpoint: endpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: strictObject({ p256dh: keySchema(256), auth: keySchema(64) }),
});
/** A browser's push subscription. */
export type PushSubscribeRequest = z.infer<typeof pushSubscribeRequestSchema>;

/** `POST /api/push/subscriptions/remove` body: the subscription's endpoint. */
export const pushUnsubscribeRequestSchema = strictObject({ endpoint: endpointSchema });
/** The subscription to forget. */
export type PushUnsubscribeRequest = z.infer<typeof pushUnsubscribeRequestSchema>;

/** The calls of this area in the call table (`domain/schemas/calls.ts` merges the slices). */
export const pushCalls = {
  // Web Push of notices (issue 43): any signed-in user may let this phone be told; the key is no secret.
  'GET /api/push/key': { roles: 'signedIn', response: pushKeyResponseSchema },
  'POST /api/push/subscriptions': {
    roles: 'signedIn',
    body: pushSubscribeRequestSchema,
    response: okResponseSchema,
  },
  'POST /api/push/subscriptions/remove': {
    roles: 'signedIn',
    body: pushUnsubscribeRequestSchema,
    response: okResponseSchema,
  },
} as const satisfies CallSlice;
