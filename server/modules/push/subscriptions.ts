import { and, eq } from 'drizzle-orm';
import { FieldError } from '../../../domain/errors';
import type { PushSubscribeRequest } from '../../../domain/schemas/push';
import type { Executor } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { validationFailed } from '../../http-error';

/** Whether the endpoint is an HTTPS URL the server may post to (the schema's pattern, parsed for real). */
function checkEndpoint(endpoint: string): void {
  if (!URL.canParse(endpoint) || new URL(endpoint).protocol !== 'https:')
    throw validationFailed({ endpoint: [FieldError.invalid] });
}

/**
 * Keeps a browser's subscription for the signed-in user. An endpoint is one browser: signing in as someone
 * else on it moves the subscription to them, so a shared phone is told only the notices of who uses it now.
 */
export async function saveSubscription(
  db: Executor,
  userId: string,
  subscription: PushSubscribeRequest,
  now: Date,
): Promise<void> {
  checkEndpoint(subscription.endpoint);
  const row = {
    userId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    createdAt: now,
  };
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: row.p256dh, auth: row.auth, createdAt: now },
    });
}

/** Forgets the signed-in user's subscription of this endpoint (another user's stays: it is not theirs). */
export async function removeSubscription(db: Executor, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}
