import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { registerCall } from '../../plugins/call-route';
import { signedInUser } from '../../plugins/session';
import { registerPushSender, vapidSubject } from './send';
import { removeSubscription, saveSubscription } from './subscriptions';
import { createVapidKeys } from './vapid';

/** Web Push (issue 43): the server's public key, a user's subscriptions, and the job that sends. */
export const pushRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const keys = createVapidKeys(deps.db, deps.now);
  // Made at the first start and kept in the database: a browser's subscription names this public key.
  app.addHook('onReady', async () => {
    await keys();
  });
  registerPushSender(deps.jobs, {
    db: deps.db,
    keys,
    subject: vapidSubject(deps.config.mailFrom),
    trustedCa: deps.config.pushTrustedCa,
  });

  registerCall(app, 'GET /api/push/key', async () => ({ publicKey: (await keys()).publicKey }));

  registerCall(app, 'POST /api/push/subscriptions', async (request) => {
    await saveSubscription(deps.db, signedInUser(request).id, request.body, deps.now());
    return { ok: true as const };
  });

  registerCall(app, 'POST /api/push/subscriptions/remove', async (request) => {
    await removeSubscription(deps.db, signedInUser(request).id, request.body.endpoint);
    return { ok: true as const };
  });
};
