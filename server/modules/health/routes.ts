import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../http-error';
import { registerCall } from '../../plugins/call-route';
import { checkReadiness } from './readiness';

/**
 * A load balancer's probes. `GET /api/health`: the process answers (no session, no database), so a server
 * that sheds load or lost its database still says it lives. `GET /api/ready`: the database answers a short
 * query in time and holds this build's migrations; 503 with the reason's code otherwise.
 */
export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerCall(app, 'GET /api/health', async () => ({ status: 'ok' as const }));
  registerCall(app, 'GET /api/ready', async () => {
    const readiness = await checkReadiness(deps.db);
    if (!readiness.ready) throw new HttpError(503, { message: 'Not Ready', code: readiness.code });
    return { status: 'ready' as const, migrations: readiness.migrations };
  });
};
