import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { registerCall } from '../../plugins/call-route';
import { signedInUser } from '../../plugins/session';
import {
  deleteHighlight,
  headTeachersAndAdmins,
  highlightScoreList,
  listHighlights,
  readHighlightDetail,
  reorderHighlights,
  subjectExams,
  subjectTeachers,
  writeHighlight,
} from './service';

const SUBJECT = '/api/academic/subjects/:subjectId';

/** The highlight calls of SPEC §7 and the subject pickers the highlight and memo forms use. */
export const highlightRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerCall(app, `GET ${SUBJECT}/highlights`, async (request) =>
    listHighlights(deps.db, signedInUser(request), request.params.subjectId, false),
  );
  registerCall(app, `GET ${SUBJECT}/hidden-highlights`, async (request) =>
    listHighlights(deps.db, signedInUser(request), request.params.subjectId, true),
  );
  registerCall(
    app,
    `POST ${SUBJECT}/highlights`,
    async (request) =>
      writeHighlight(deps, signedInUser(request), request.params.subjectId, null, request.body),
    { status: 201 },
  );
  registerCall(app, `POST ${SUBJECT}/highlights/priority`, async (request) =>
    reorderHighlights(deps, signedInUser(request), request.params.subjectId, request.body),
  );
  registerCall(app, `GET ${SUBJECT}/highlights/list-score`, async (request) =>
    highlightScoreList(deps.db, signedInUser(request), request.params.subjectId),
  );
  registerCall(app, `GET ${SUBJECT}/highlights/:highlightId`, async (request) =>
    readHighlightDetail(
      deps.db,
      signedInUser(request),
      request.params.subjectId,
      request.params.highlightId,
      deps.now(),
    ),
  );
  registerCall(app, `POST ${SUBJECT}/highlights/:highlightId`, async (request) =>
    writeHighlight(
      deps,
      signedInUser(request),
      request.params.subjectId,
      request.params.highlightId,
      request.body,
    ),
  );
  registerCall(app, `DELETE ${SUBJECT}/highlights/:highlightId`, async (request) =>
    deleteHighlight(deps, signedInUser(request), request.params.subjectId, request.params.highlightId),
  );
  registerCall(app, `GET ${SUBJECT}/exams`, async (request) =>
    subjectExams(deps.db, signedInUser(request), request.params.subjectId),
  );
  registerCall(app, `GET ${SUBJECT}/teachers`, async (request) =>
    subjectTeachers(deps.db, signedInUser(request), request.params.subjectId),
  );
  registerCall(app, `GET ${SUBJECT}/head-teacher-admin`, async (request) =>
    headTeachersAndAdmins(deps.db, signedInUser(request), request.params.subjectId),
  );
};
