import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { registerCall } from '../../plugins/call-route';
import { signedInUser } from '../../plugins/session';
import { offlineDataUrls, readOfflineFiles } from './service';

/** The two offline-cache calls of SPEC §7 (roles 0 and 3 keep nothing offline: the role guard refuses them). */
export const offlineRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerCall(app, 'GET /api/offline/get-files-render', async () => readOfflineFiles(deps.config.staticDir));
  registerCall(app, 'GET /api/offline/get-data-caches', async (request) =>
    offlineDataUrls(signedInUser(request).role),
  );
};
