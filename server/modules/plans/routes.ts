import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { registerCall } from '../../plugins/call-route';
import { signedInUser } from '../../plugins/session';
import { isOfflineOrigin } from '../../sync/routes';
import { readPlan, storePlanNote, writePlan } from './service';

const PLAN = '/api/academic/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId/plan';

/** The lesson plan calls of SPEC §7 (plans and plan notes), written through the notes collection's push. */
export const planRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerCall(app, `GET ${PLAN}/:planId`, async (request) =>
    readPlan(deps.db, signedInUser(request), request.params, request.params.planId),
  );
  registerCall(
    app,
    `POST ${PLAN}/create`,
    async (request) =>
      writePlan(
        deps,
        signedInUser(request),
        request.params,
        null,
        request.body,
        isOfflineOrigin(request.headers),
      ),
    { status: 201 },
  );
  registerCall(app, `POST ${PLAN}/:planId`, async (request) =>
    writePlan(
      deps,
      signedInUser(request),
      request.params,
      request.params.planId,
      request.body,
      isOfflineOrigin(request.headers),
    ),
  );
  registerCall(app, `POST ${PLAN}/:planId/note/store`, async (request) =>
    storePlanNote(
      deps,
      signedInUser(request),
      request.params,
      request.params.planId,
      request.body,
      isOfflineOrigin(request.headers),
    ),
  );
};
