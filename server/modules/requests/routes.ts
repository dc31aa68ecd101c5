import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REQUEST_DECISION_SEGMENT, type RequestDecisionSegment } from '../../../domain/requests';
import type { RequestDecision } from '../../../domain/schemas/requests';
import type { AppDeps } from '../../deps';
import { registerCall } from '../../plugins/call-route';
import { signedInUser } from '../../plugins/session';
import { isOfflineOrigin } from '../../sync/routes';
import { createRequest, decideRequest, requestDetail, searchRequests, studentRequestData } from './service';

/** A request of any of the four decision calls: they share params and body. */
type DecisionRequest = FastifyRequest & { params: { requestId: string }; body: RequestDecision };

/** The request calls of SPEC §7 "Requests", and the request form's data of a student. */
export const requestsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerCall(
    app,
    'POST /api/requests',
    async (request) =>
      createRequest(deps, signedInUser(request), request.body, isOfflineOrigin(request.headers)),
    { status: 201 },
  );

  registerCall(app, 'GET /api/requests/search', async (request) =>
    searchRequests(deps.db, signedInUser(request), request.query),
  );

  registerCall(app, 'GET /api/requests/:requestId', async (request) =>
    requestDetail(deps.db, signedInUser(request), request.params.requestId),
  );

  // One call per request type (SPEC §7); each decides only requests of its own type.
  const decide = (segment: RequestDecisionSegment) => async (request: DecisionRequest) =>
    decideRequest(
      deps,
      signedInUser(request),
      request.params.requestId,
      segment,
      request.body,
      isOfflineOrigin(request.headers),
    );
  registerCall(app, 'POST /api/requests/:requestId/attendance', decide(REQUEST_DECISION_SEGMENT[0]));
  registerCall(app, 'POST /api/requests/:requestId/confirmAttendance', decide(REQUEST_DECISION_SEGMENT[1]));
  registerCall(app, 'POST /api/requests/:requestId/achievement-confirm', decide(REQUEST_DECISION_SEGMENT[2]));
  registerCall(app, 'POST /api/requests/:requestId/other', decide(REQUEST_DECISION_SEGMENT[3]));

  registerCall(app, 'GET /api/students/:studentId/data-request', async (request) =>
    studentRequestData(deps.db, signedInUser(request), request.params.studentId),
  );
};
