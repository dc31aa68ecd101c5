import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { registerCall } from '../../plugins/call-route';
import { signedInUser } from '../../plugins/session';
import { acceptXlsxUploads, uploadedBytes } from '../../plugins/xlsx-upload';
import { schoolMoment } from '../../school-clock';
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
  // Score imports arrive as the raw xlsx body (zip-guard.ts checks the zip before anything is unpacked).
  acceptXlsxUploads(app);

  registerCall(app, 'POST /api/achievement/import/:subjectClassId/preview', async (request) =>
    previewScoreImport(
      deps,
      signedInUser(request),
      request.params.subjectClassId,
      uploadedBytes(request.body),
    ),
  );

  registerCall(app, 'POST /api/achievement/import/:subjectClassId', async (request) =>
    importScores(
      deps,
      signedInUser(request),
      request.params.subjectClassId,
      uploadedBytes(request.body),
      isOfflineOrigin(request.headers),
    ),
  );

  registerCall(app, 'GET /api/achievement/:subjectClassId', async (request) =>
    readClassAchievement(deps.db, signedInUser(request), request.params.subjectClassId),
  );

  registerCall(
    app,
    'GET /api/achievement/:subjectClassId/sub-scores-achievements/:scoreNameId',
    async (request) =>
      readSubScores(
        deps.db,
        signedInUser(request),
        request.params.subjectClassId,
        request.params.scoreNameId,
      ),
  );

  registerCall(
    app,
    'GET /api/achievement/students-total-score-highlight/:subjectId/:subjectClassId',
    async (request) =>
      readTotalScoreHighlights(
        deps.db,
        signedInUser(request),
        request.params.subjectId,
        request.params.subjectClassId,
      ),
  );

  registerCall(app, 'GET /api/achievement/scoreNames/:subjectClassId', async (request) =>
    readClassScoreNames(deps.db, signedInUser(request), request.params.subjectClassId),
  );

  registerCall(app, 'GET /api/achievement/teacher-allow-update-final-score/:id', async (request) =>
    finalScoreAllowed(deps.db, signedInUser(request), request.params.id),
  );

  registerCall(app, 'POST /api/achievement/enter-sub-scores/:subjectClassId', async (request) =>
    enterSubScores(
      deps,
      signedInUser(request),
      request.params.subjectClassId,
      request.body.scoreNameId,
      request.body.achievements,
      isOfflineOrigin(request.headers),
    ),
  );

  registerCall(app, 'POST /api/achievement/updateScore/:scoreNameId', async (request) => {
    await updateScores(
      deps,
      signedInUser(request),
      request.params.scoreNameId,
      request.body.achievements,
      isOfflineOrigin(request.headers),
    );
    return { ok: true as const };
  });

  // Registered after the fixed paths above so `enter-sub-scores` and `updateScore` never read as ids.
  registerCall(app, 'POST /api/achievement/:scoreNameId/:subjectClassId', async (request) =>
    enterClassScores(
      deps,
      signedInUser(request),
      request.params.scoreNameId,
      request.params.subjectClassId,
      request.body.achievements,
      isOfflineOrigin(request.headers),
    ),
  );

  registerCall(app, 'GET /api/student-exam/subjects/:subjectId/score-names/:scoreNameId', async (request) =>
    readStudentExam(deps.db, signedInUser(request), request.params.subjectId, request.params.scoreNameId),
  );

  registerCall(app, 'POST /api/student-exam/subjects/:subjectId/score-names/:scoreNameId', async (request) =>
    enterStudentExam(
      deps,
      signedInUser(request),
      request.params.subjectId,
      request.params.scoreNameId,
      request.body.achievements,
      isOfflineOrigin(request.headers),
    ),
  );

  registerCall(app, 'GET /api/students/:studentId/achievement-attendance', async (request) =>
    readStudentProfile(deps.db, signedInUser(request), request.params.studentId, schoolMoment(deps.now())),
  );
};
