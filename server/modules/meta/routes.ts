import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readAppVersion, readBuildId } from '../../build-info';
import type { AppDeps } from '../../deps';
import { registerCall } from '../../plugins/call-route';

/** `GET /get-version-build`: lets a client compare its build with the server's. */
export const metaRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const version = await readAppVersion();
  registerCall(app, 'GET /get-version-build', async () => ({
    version,
    build: await readBuildId(deps.config.staticDir),
  }));
};
