import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCall } from '../../plugins/call-route';
import { signedInUser } from '../../plugins/session';
import { offlineDataUrls, readOfflineFiles } from './service';

/** The two offline-cache calls of SPEC §7 (roles 0 and 3 keep nothing offline: the role guard refuses them). */
export const offlineRoutes: FastifyPluginAsyncZod<{ staticDir: string }> = async (app, options) => {
  registerCall(app, 'GET /api/offline/get-files-render', async () => readOfflineFiles(options.staticDir));
  registerCall(app, 'GET /api/offline/get-data-caches', async (request) =>
    offlineDataUrls(signedInUser(request).role),
  );
};
