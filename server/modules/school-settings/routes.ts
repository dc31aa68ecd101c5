import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { registerCall } from '../../plugins/call-route';
import { signedInUser } from '../../plugins/session';
import { readSchoolSettings, writeSchoolSettings } from './service';

/** The school's settings that admins change (issue 44). */
export const schoolSettingsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerCall(app, 'GET /api/school-settings', async (request) =>
    readSchoolSettings(deps.db, signedInUser(request)),
  );
  registerCall(app, 'POST /api/school-settings', async (request) =>
    writeSchoolSettings(deps.db, signedInUser(request), request.body, deps.now()),
  );
};
