import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { registerCall } from '../../plugins/call-route';
import { signedInUser } from '../../plugins/session';
import { checkTeacherInSubject, createMemo, deleteMemo, listMemos, updateMemo } from './service';

/** The memo calls of SPEC §7. */
export const memoRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerCall(app, 'GET /api/memo/:subjectId/check-teacher-in-subject', async (request) =>
    checkTeacherInSubject(deps.db, signedInUser(request), request.params.subjectId),
  );
  registerCall(app, 'GET /api/memo', async (request) =>
    listMemos(deps.db, signedInUser(request), request.query),
  );
  registerCall(
    app,
    'POST /api/memo',
    async (request) => createMemo(deps, signedInUser(request), request.body),
    {
      status: 201,
    },
  );
  registerCall(app, 'POST /api/memo/:memoId', async (request) =>
    updateMemo(deps, signedInUser(request), request.params.memoId, request.body),
  );
  registerCall(app, 'DELETE /api/memo/:memoId', async (request) =>
    deleteMemo(deps, signedInUser(request), request.params.memoId),
  );
};
