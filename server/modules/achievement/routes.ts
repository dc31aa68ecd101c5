import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '../../../domain/limits';
import { CALL_SCHEMAS } from '../../../domain/schemas/calls';
import { XLSX_MIME_TYPE } from '../../../domain/validation';
import type { AppDeps } from '../../deps';
import { signedInUser } from '../../plugins/session';
import { isOfflineOrigin } from '../../sync/routes';
import { importScores, previewScoreImport } from './import';
import { readStudentProfile } from './profile';
import {
  enterClassScores,
  enterStudentExam,
  enterSubScores,
  finalScoreAllowed,
  readClassAchievement,
  readClassScoreNames,
  readStudentExam,
  readSubScores,
  readTotalScoreHighlights,
  updateScores,
} from './service';

/**
 * The achievement calls of SPEC §7 "Attendance and achievement": read the score table, score names, sub-scores,
 * total-score highlights and the final-score setting; write scores, sub-scores and exam scores. Every write
 * goes through the achievements sync push (`writeScores`), so REST and offline replay share one rule set.
 */
export const achievementRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const guard = (call: Parameters<typeof app.requireRole>[0]) => [app.requireUser, app.requireRole(call)];

  // Score imports arrive as the raw xlsx body; Fastify answers 413 above the limit before reading further,
  // and the zip is checked before anything is unpacked (zip-guard.ts).
  app.addContentTypeParser(
    XLSX_MIME_TYPE,
    { parseAs: 'buffer', bodyLimit: LIMITS.importMaxBytes },
    (_request, body, done) => done(null, body),
  );
  const importBody = (body: unknown): Uint8Array => (body instanceof Uint8Array ? body : new Uint8Array());

  const preview = CALL_SCHEMAS['POST /api/achievement/import/:subjectClassId/preview'];
  app.post(
    '/api/achievement/import/:subjectClassId/preview',
    {
      onRequest: guard('POST /api/achievement/import/:subjectClassId/preview'),
      schema: { params: preview.params, response: { 200: preview.response } },
    },
    async (request) =>
      previewScoreImport(
        deps,
        signedInUser(request),
        request.params.subjectClassId,
        importBody(request.body),
      ),
  );

  const commit = CALL_SCHEMAS['POST /api/achievement/import/:subjectClassId'];
  app.post(
    '/api/achievement/import/:subjectClassId',
    {
      onRequest: guard('POST /api/achievement/import/:subjectClassId'),
      schema: { params: commit.params, response: { 200: commit.response } },
    },
    async (request) =>
      importScores(
        deps,
        signedInUser(request),
        request.params.subjectClassId,
        importBody(request.body),
        isOfflineOrigin(request.headers),
      ),
  );

  const classTable = CALL_SCHEMAS['GET /api/achievement/:subjectClassId'];
  app.get(
    '/api/achievement/:subjectClassId',
    {
      onRequest: guard('GET /api/achievement/:subjectClassId'),
      schema: { params: classTable.params, response: { 200: classTable.response } },
    },
    async (request) => readClassAchievement(deps.db, signedInUser(request), request.params.subjectClassId),
  );

  const subScores = CALL_SCHEMAS['GET /api/achievement/:subjectClassId/sub-scores-achievements/:scoreNameId'];
  app.get(
    '/api/achievement/:subjectClassId/sub-scores-achievements/:scoreNameId',
    {
      onRequest: guard('GET /api/achievement/:subjectClassId/sub-scores-achievements/:scoreNameId'),
      schema: { params: subScores.params, response: { 200: subScores.response } },
    },
    async (request) =>
      readSubScores(
        deps.db,
        signedInUser(request),
        request.params.subjectClassId,
        request.params.scoreNameId,
      ),
  );

  const highlight =
    CALL_SCHEMAS['GET /api/achievement/students-total-score-highlight/:subjectId/:subjectClassId'];
  app.get(
    '/api/achievement/students-total-score-highlight/:subjectId/:subjectClassId',
    {
      onRequest: guard('GET /api/achievement/students-total-score-highlight/:subjectId/:subjectClassId'),
      schema: { params: highlight.params, response: { 200: highlight.response } },
    },
    async (request) =>
      readTotalScoreHighlights(
        deps.db,
        signedInUser(request),
        request.params.subjectId,
        request.params.subjectClassId,
      ),
  );

  const scoreNames = CALL_SCHEMAS['GET /api/achievement/scoreNames/:subjectClassId'];
  app.get(
    '/api/achievement/scoreNames/:subjectClassId',
    {
      onRequest: guard('GET /api/achievement/scoreNames/:subjectClassId'),
      schema: { params: scoreNames.params, response: { 200: scoreNames.response } },
    },
    async (request) => readClassScoreNames(deps.db, signedInUser(request), request.params.subjectClassId),
  );

  const finalScore = CALL_SCHEMAS['GET /api/achievement/teacher-allow-update-final-score/:id'];
  app.get(
    '/api/achievement/teacher-allow-update-final-score/:id',
    {
      onRequest: guard('GET /api/achievement/teacher-allow-update-final-score/:id'),
      schema: { params: finalScore.params, response: { 200: finalScore.response } },
    },
    async (request) => finalScoreAllowed(deps.db, signedInUser(request), request.params.id),
  );

  const subScoreWrite = CALL_SCHEMAS['POST /api/achievement/enter-sub-scores/:subjectClassId'];
  app.post(
    '/api/achievement/enter-sub-scores/:subjectClassId',
    {
      onRequest: guard('POST /api/achievement/enter-sub-scores/:subjectClassId'),
      schema: {
        params: subScoreWrite.params,
        body: subScoreWrite.body,
        response: { 200: subScoreWrite.response },
      },
    },
    async (request) =>
      enterSubScores(
        deps,
        signedInUser(request),
        request.params.subjectClassId,
        request.body.scoreNameId,
        request.body.achievements,
        isOfflineOrigin(request.headers),
      ),
  );

  const update = CALL_SCHEMAS['POST /api/achievement/updateScore/:scoreNameId'];
  app.post(
    '/api/achievement/updateScore/:scoreNameId',
    {
      onRequest: guard('POST /api/achievement/updateScore/:scoreNameId'),
      schema: { params: update.params, body: update.body, response: { 200: update.response } },
    },
    async (request) => {
      await updateScores(
        deps,
        signedInUser(request),
        request.params.scoreNameId,
        request.body.achievements,
        isOfflineOrigin(request.headers),
      );
      return { ok: true as const };
    },
  );

  // Registered after the fixed paths above so `enter-sub-scores` and `updateScore` never read as ids.
  const classWrite = CALL_SCHEMAS['POST /api/achievement/:scoreNameId/:subjectClassId'];
  app.post(
    '/api/achievement/:scoreNameId/:subjectClassId',
    {
      onRequest: guard('POST /api/achievement/:scoreNameId/:subjectClassId'),
      schema: { params: classWrite.params, body: classWrite.body, response: { 200: classWrite.response } },
    },
    async (request) =>
      enterClassScores(
        deps,
        signedInUser(request),
        request.params.scoreNameId,
        request.params.subjectClassId,
        request.body.achievements,
        isOfflineOrigin(request.headers),
      ),
  );

  const exam = CALL_SCHEMAS['GET /api/student-exam/subjects/:subjectId/score-names/:scoreNameId'];
  app.get(
    '/api/student-exam/subjects/:subjectId/score-names/:scoreNameId',
    {
      onRequest: guard('GET /api/student-exam/subjects/:subjectId/score-names/:scoreNameId'),
      schema: { params: exam.params, response: { 200: exam.response } },
    },
    async (request) =>
      readStudentExam(deps.db, signedInUser(request), request.params.subjectId, request.params.scoreNameId),
  );

  const examWrite = CALL_SCHEMAS['POST /api/student-exam/subjects/:subjectId/score-names/:scoreNameId'];
  app.post(
    '/api/student-exam/subjects/:subjectId/score-names/:scoreNameId',
    {
      onRequest: guard('POST /api/student-exam/subjects/:subjectId/score-names/:scoreNameId'),
      schema: { params: examWrite.params, body: examWrite.body, response: { 200: examWrite.response } },
    },
    async (request) =>
      enterStudentExam(
        deps,
        signedInUser(request),
        request.params.subjectId,
        request.params.scoreNameId,
        request.body.achievements,
        isOfflineOrigin(request.headers),
      ),
  );

  const profile = CALL_SCHEMAS['GET /api/students/:studentId/achievement-attendance'];
  app.get(
    '/api/students/:studentId/achievement-attendance',
    {
      onRequest: guard('GET /api/students/:studentId/achievement-attendance'),
      schema: { params: profile.params, response: { 200: profile.response } },
    },
    async (request) => readStudentProfile(deps.db, signedInUser(request), request.params.studentId),
  );
};
