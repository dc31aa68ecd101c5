import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { versionBuildResponseSchema } from '../../../domain/sync';
import { readAppVersion, readBuildId } from '../../build-info';

/** `GET /get-version-build`: lets a client compare its build with the server's. */
export const metaRoutes: FastifyPluginAsyncZod<{ staticDir: string }> = async (app, options) => {
  const version = await readAppVersion();
  app.get('/get-version-build', { schema: { response: { 200: versionBuildResponseSchema } } }, async () => ({
    version,
    build: await readBuildId(options.staticDir),
  }));
};
