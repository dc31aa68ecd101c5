import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublishState } from '../../../domain/lessons';
import type { AppDeps } from '../../deps';
import { registerCall } from '../../plugins/call-route';
import { signedInUser } from '../../plugins/session';
import { copySubject, firstScheduleOfClasses, publishCopiedLessons } from './copy';
import { publishDraftSubject } from './publish';
import {
  addStudentsToClasses,
  cancelStudentRegistration,
  createSubject,
  deleteSubject,
  readFormula,
  readScoreNameStudents,
  readStudentsWithGpa,
  readSubject,
  readSubjectClass,
  readSubjectLessons,
  readSubjectNotes,
  registerStudent,
  searchSubjects,
  subjectOptions,
  subjectsByUser,
  updateSubject,
  validateSubject,
  writeFormula,
} from './service';

/** The subject calls of SPEC §7 "Subjects" (assist lessons, highlights and plans are other modules' work). */
export const subjectRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerCall(app, 'GET /api/academic/subjects/search', async (request) =>
    searchSubjects(deps.db, signedInUser(request), request.query),
  );
  registerCall(app, 'GET /api/academic/subjects/subject-by-user', async (request) =>
    subjectsByUser(deps.db, signedInUser(request), request.query),
  );
  registerCall(app, 'GET /api/academic/subjects/options-by-user', async (request) =>
    subjectOptions(deps.db, signedInUser(request)),
  );
  registerCall(
    app,
    'POST /api/academic/subjects',
    async (request) => createSubject(deps, signedInUser(request), request.body),
    { status: 201 },
  );
  registerCall(app, 'POST /api/academic/subjects/validate-subject', async (request) =>
    validateSubject(deps.db, request.body),
  );
  registerCall(app, 'GET /api/academic/subjects/:subjectId', async (request) =>
    readSubject(deps.db, signedInUser(request), request.params.subjectId),
  );
  registerCall(app, 'POST /api/academic/subjects/:subjectId', async (request) =>
    updateSubject(deps, signedInUser(request), request.params.subjectId, request.body),
  );
  registerCall(app, 'DELETE /api/academic/subjects/:subjectId', async (request) =>
    deleteSubject(deps, signedInUser(request), request.params.subjectId),
  );
  registerCall(app, 'GET /api/academic/subjects/:subjectId/lessons', async (request) =>
    readSubjectLessons(deps.db, signedInUser(request), request.params.subjectId, PublishState.published),
  );
  registerCall(app, 'GET /api/academic/subjects/:subjectId/lessons-draft', async (request) =>
    readSubjectLessons(deps.db, signedInUser(request), request.params.subjectId, PublishState.draft),
  );
  registerCall(app, 'GET /api/academic/subjects/:subjectId/notes', async (request) =>
    readSubjectNotes(deps.db, signedInUser(request), request.params.subjectId),
  );
  registerCall(app, 'GET /api/academic/subjects/:subjectId/class/:classId', async (request) =>
    readSubjectClass(deps.db, signedInUser(request), request.params.subjectId, request.params.classId),
  );
  registerCall(app, 'GET /api/academic/subjects/:subjectId/formula', async (request) =>
    readFormula(deps.db, signedInUser(request), request.params.subjectId),
  );
  registerCall(app, 'POST /api/academic/subjects/:subjectId/formula', async (request) =>
    writeFormula(deps, signedInUser(request), request.params.subjectId, request.body),
  );
  registerCall(app, 'POST /api/academic/subjects/:subjectId/copy', async (request) =>
    copySubject(deps, signedInUser(request), request.params.subjectId, request.body),
  );
  registerCall(app, 'POST /api/academic/subjects/:subjectId/public-lessons-after-copy', async (request) =>
    publishCopiedLessons(deps, signedInUser(request), request.params.subjectId, request.body),
  );
  registerCall(app, 'POST /api/academic/subjects/:subjectId/publish', async (request) =>
    publishDraftSubject(deps, signedInUser(request), request.params.subjectId),
  );
  registerCall(app, 'GET /api/academic/subjects/:subjectId/first-schedule-of-classes', async (request) =>
    firstScheduleOfClasses(deps.db, signedInUser(request), request.params.subjectId),
  );
  registerCall(app, 'POST /api/academic/subjects/:subjectId/register-student', async (request) =>
    registerStudent(deps, signedInUser(request), request.params.subjectId, request.body.class_id),
  );
  registerCall(app, 'POST /api/academic/subjects/:subjectId/cancel-register-student', async (request) =>
    cancelStudentRegistration(deps, signedInUser(request), request.params.subjectId, request.body.class_id),
  );
  registerCall(app, 'POST /api/academic/subjects/:subjectId/add-students-to-classes', async (request) =>
    addStudentsToClasses(deps, signedInUser(request), request.params.subjectId, request.body),
  );
  registerCall(
    app,
    'GET /api/academic/subjects/:subjectId/score-names/:scoreNameId/get-list-students',
    async (request) =>
      readScoreNameStudents(
        deps.db,
        signedInUser(request),
        request.params.subjectId,
        request.params.scoreNameId,
      ),
  );
  registerCall(app, 'GET /api/academic/subjects/:subjectId/get-students-with-gpa', async (request) =>
    readStudentsWithGpa(deps.db, signedInUser(request), request.params.subjectId),
  );
};
