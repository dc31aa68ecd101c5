import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LessonType, PublishState } from '../../../domain/lessons';
import type { AppDeps } from '../../deps';
import { registerCall } from '../../plugins/call-route';
import { signedInUser } from '../../plugins/session';
import { listAssistLessons, saveAssistLessons } from './assist';
import {
  deleteLesson,
  deleteSchedule,
  readLessonDetail,
  readLessonScoreNames,
  readLessonStudents,
  writeLesson,
} from './service';

const LESSON = { type: LessonType.lesson, publish: PublishState.published };
const LESSON_DRAFT = { type: LessonType.lesson, publish: PublishState.draft };
const EXAM = { type: LessonType.exam, publish: PublishState.published };
const EXAM_DRAFT = { type: LessonType.exam, publish: PublishState.draft };

/** The lesson and exam calls of SPEC §7 "Subjects / Lessons". */
export const lessonRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const created = { status: 201 } as const;
  registerCall(app, 'GET /api/academic/subjects/:subjectId/assist-lessons', async (request) =>
    listAssistLessons(deps.db, signedInUser(request), request.params.subjectId),
  );
  registerCall(
    app,
    'POST /api/academic/subjects/:subjectId/assist-lessons',
    async (request) => saveAssistLessons(deps, signedInUser(request), request.params.subjectId, request.body),
    created,
  );
  registerCall(
    app,
    'POST /api/academic/subjects/:subjectId/lessons',
    async (request) =>
      writeLesson(deps, signedInUser(request), request.params.subjectId, null, request.body, LESSON),
    created,
  );
  registerCall(
    app,
    'POST /api/academic/subjects/:subjectId/lessons/draft',
    async (request) =>
      writeLesson(deps, signedInUser(request), request.params.subjectId, null, request.body, LESSON_DRAFT),
    created,
  );
  registerCall(
    app,
    'POST /api/academic/subjects/:subjectId/lessons/exam',
    async (request) =>
      writeLesson(deps, signedInUser(request), request.params.subjectId, null, request.body, EXAM),
    created,
  );
  registerCall(
    app,
    'POST /api/academic/subjects/:subjectId/lessons/store-draft-exam',
    async (request) =>
      writeLesson(deps, signedInUser(request), request.params.subjectId, null, request.body, EXAM_DRAFT),
    created,
  );
  registerCall(app, 'GET /api/academic/subjects/:subjectId/lessons/:lessonId/detail', async (request) =>
    readLessonDetail(deps.db, signedInUser(request), request.params.subjectId, request.params.lessonId),
  );
  registerCall(app, 'POST /api/academic/subjects/:subjectId/lessons/:lessonId', async (request) =>
    writeLesson(
      deps,
      signedInUser(request),
      request.params.subjectId,
      request.params.lessonId,
      request.body,
      LESSON,
    ),
  );
  registerCall(app, 'POST /api/academic/subjects/:subjectId/lessons/:lessonId/draft', async (request) =>
    writeLesson(
      deps,
      signedInUser(request),
      request.params.subjectId,
      request.params.lessonId,
      request.body,
      LESSON_DRAFT,
    ),
  );
  registerCall(app, 'POST /api/academic/subjects/:subjectId/lessons/:lessonId/exam', async (request) =>
    writeLesson(
      deps,
      signedInUser(request),
      request.params.subjectId,
      request.params.lessonId,
      request.body,
      EXAM,
    ),
  );
  registerCall(app, 'POST /api/academic/subjects/:subjectId/lessons/:lessonId/exam-draft', async (request) =>
    writeLesson(
      deps,
      signedInUser(request),
      request.params.subjectId,
      request.params.lessonId,
      request.body,
      EXAM_DRAFT,
    ),
  );
  registerCall(app, 'DELETE /api/academic/subjects/:subjectId/lessons/:lessonId', async (request) =>
    deleteLesson(deps, signedInUser(request), request.params.subjectId, request.params.lessonId),
  );
  registerCall(
    app,
    'DELETE /api/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId',
    async (request) =>
      deleteSchedule(
        deps,
        signedInUser(request),
        request.params.subjectId,
        request.params.lessonId,
        request.params.scheduleId,
      ),
  );
  registerCall(
    app,
    'GET /api/academic/subjects/:subjectId/lessons/:lessonId/studentsInLesson',
    async (request) =>
      readLessonStudents(deps.db, signedInUser(request), request.params.subjectId, request.params.lessonId),
  );
  registerCall(
    app,
    'GET /api/academic/subjects/:subjectId/lessons/:lessonId/get-score-names',
    async (request) =>
      readLessonScoreNames(deps.db, signedInUser(request), request.params.subjectId, request.params.lessonId),
  );
};
