import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { masterDocSchema } from '../../domain/master';
import { syncPullQuerySchema, syncPullResponseSchema } from '../../domain/sync';
import type { AppDeps } from '../deps';
import { pullMaster } from './master';

/** The replication endpoints of ARCHITECTURE §3, one pull (and later push) per collection. */
export const syncRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/api/sync/master/pull',
    {
      onRequest: [app.requireUser, app.requireRole('GET /api/sync/master/pull')],
      schema: {
        querystring: syncPullQuerySchema,
        response: { 200: syncPullResponseSchema(masterDocSchema) },
      },
    },
    async (request) => pullMaster(deps.db, request.query.checkpoint, request.query.limit),
  );
};
