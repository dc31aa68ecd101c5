import { Agent } from 'node:https';
import { eq, sql } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { pushSubscriptions } from '../../db/schema';
import { enqueueJob, type JobQueue } from '../../jobs/queue';
import type { VapidKeys } from './vapid';

/** The job that sends one message to one subscription. */
export const PUSH_SEND_JOB = 'push_send';

/**
 * What a pushed notification shows: worded by the server in the recipient's language (the service worker has
 * no catalogue), and the app's path a tap opens. `tag` makes a newer notice of the same thing replace the last.
 */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

interface PushJob {
  subscriptionId: string;
  message: PushMessage;
}

// A notice of today is worth little tomorrow: a phone that stays off longer is not told it late.
const TTL_SECONDS = 12 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/**
 * Adds a send job per push subscription of `userId`, on `db` (the caller's transaction: the sends happen only
 * if the notice they belong to is committed, and once).
 */
export async function enqueuePushToUser(
  db: Executor,
  userId: string,
  message: PushMessage,
  now: Date,
): Promise<number> {
  const subscriptions = await queryRows(
    db,
    sql`select id::text from push_subscriptions where user_id = ${userId}`,
    z.object({ id: z.string() }),
  );
  for (const subscription of subscriptions) {
    await enqueueJob(db, { name: PUSH_SEND_JOB, payload: { subscriptionId: subscription.id, message } }, now);
  }
  return subscriptions.length;
}

/** The VAPID subject: the sender's address of outgoing mail, where a push service can reach the operator. */
export function vapidSubject(mailFrom: string | undefined): string {
  const address = /<([^>]+)>/.exec(mailFrom ?? '')?.[1] ?? mailFrom ?? 'no-reply@school.invalid';
  return `mailto:${address.trim()}`;
}

/**
 * Registers the send job: signs with the server's VAPID keys and posts the encrypted message to the
 * subscription's push service. A subscription the service says is gone (404, 410) is forgotten; any other
 * failure is retried by the queue.
 */
export function registerPushSender(
  jobs: JobQueue,
  deps: { db: Database; keys: () => Promise<VapidKeys>; subject: string; trustedCa?: string },
): void {
  const agent = deps.trustedCa ? new Agent({ ca: deps.trustedCa }) : undefined;
  jobs.handle<PushJob>(
    PUSH_SEND_JOB,
    async ({ subscriptionId, message }) => {
      const [subscription] = await deps.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.id, subscriptionId));
      if (!subscription) return;
      const keys = await deps.keys();
      try {
        await webpush.sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(message),
          {
            vapidDetails: { subject: deps.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
            TTL: TTL_SECONDS,
            urgency: 'high',
            timeout: SEND_TIMEOUT_MS,
            ...(agent ? { agent } : {}),
          },
        );
      } catch (error) {
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
          return;
        }
        throw error;
      }
    },
    { maxAttempts: 5, retryDelayMs: 30_000 },
  );
}
