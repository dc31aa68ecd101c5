import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { registerCall } from '../../plugins/call-route';
import { signedInUser } from '../../plugins/session';
import { schoolMoment } from '../../school-clock';
import { searchStatistics } from './service';

/** The statistics call of SPEC §7 (student count statistics). */
export const statisticsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerCall(app, 'POST /api/statistic/search', async (request) =>
    searchStatistics(deps.db, signedInUser(request), request.body, schoolMoment(deps.now()).today),
  );
};
