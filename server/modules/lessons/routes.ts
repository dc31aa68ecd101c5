import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LessonType, PublishState } from '../../../domain/lessons';
import type { Lesson } from '../../../domain/schemas/lessons';
import type { AppDeps } from '../../deps';
import { type CallRequest, registerCall } from '../../plugins/call-route';
import { signedInUser } from '../../plugins/session';
import { listAssistLessons, saveAssistLessons } from './assist';
import {
  deleteLesson,
  deleteSchedule,
  type LessonWriteKind,
  readLessonDetail,
  readLessonScoreNames,
  readLessonStudents,
  writeLesson,
} from './service';

const LESSON = { type: LessonType.lesson, publish: PublishState.published };
const LESSON_DRAFT = { type: LessonType.lesson, publish: PublishState.draft };
const EXAM = { type: LessonType.exam, publish: PublishState.published };
const EXAM_DRAFT = { type: LessonType.exam, publish: PublishState.draft };

type LessonCreateKey =
  | 'POST /api/academic/subjects/:subjectId/lessons'
  | 'POST /api/academic/subjects/:subjectId/lessons/draft'
  | 'POST /api/academic/subjects/:subjectId/lessons/exam'
  | 'POST /api/academic/subjects/:subjectId/lessons/store-draft-exam';
type LessonUpdateKey =
  | 'POST /api/academic/subjects/:subjectId/lessons/:lessonId'
  | 'POST /api/academic/subjects/:subjectId/lessons/:lessonId/draft'
  | 'POST /api/academic/subjects/:subjectId/lessons/:lessonId/exam'
  | 'POST /api/academic/subjects/:subjectId/lessons/:lessonId/exam-draft';

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
  // The four kinds of lesson write (lesson or exam, published or draft) have a create and an update call
  // each; they differ only in the kind written.
  const createAs =
    (kind: LessonWriteKind) =>
    async (request: CallRequest<LessonCreateKey>): Promise<Lesson> =>
      writeLesson(deps, signedInUser(request), request.params.subjectId, null, request.body, kind);
  const updateAs =
    (kind: LessonWriteKind) =>
    async (request: CallRequest<LessonUpdateKey>): Promise<Lesson> =>
      writeLesson(
        deps,
        signedInUser(request),
        request.params.subjectId,
        request.params.lessonId,
        request.body,
        kind,
      );
  registerCall(app, 'POST /api/academic/subjects/:subjectId/lessons', createAs(LESSON), created);
  registerCall(app, 'POST /api/academic/subjects/:subjectId/lessons/draft', createAs(LESSON_DRAFT), created);
  registerCall(app, 'POST /api/academic/subjects/:subjectId/lessons/exam', createAs(EXAM), created);
  registerCall(
    app,
    'POST /api/academic/subjects/:subjectId/lessons/store-draft-exam',
    createAs(EXAM_DRAFT),
    created,
  );
  registerCall(app, 'GET /api/academic/subjects/:subjectId/lessons/:lessonId/detail', async (request) =>
    readLessonDetail(deps.db, signedInUser(request), request.params.subjectId, request.params.lessonId),
  );
  registerCall(app, 'POST /api/academic/subjects/:subjectId/lessons/:lessonId', updateAs(LESSON));
  registerCall(app, 'POST /api/academic/subjects/:subjectId/lessons/:lessonId/draft', updateAs(LESSON_DRAFT));
  registerCall(app, 'POST /api/academic/subjects/:subjectId/lessons/:lessonId/exam', updateAs(EXAM));
  registerCall(
    app,
    'POST /api/academic/subjects/:subjectId/lessons/:lessonId/exam-draft',
    updateAs(EXAM_DRAFT),
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
