import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { registerCall } from '../../plugins/call-route';
import { signedInUser } from '../../plugins/session';
import { schoolMoment } from '../../school-clock';
import {
  reportClasses,
  reportDefaultFilter,
  reportFaculties,
  reportSubjectNames,
  reportSubScores,
  reportYearCodeSubScores,
  reportYearCodes,
} from './achievement-report';
import {
  attendanceReportClasses,
  attendanceReportFilter,
  attendanceReportStudents,
} from './attendance-report';

/** The report calls of SPEC §7: the three attendance report calls and the eight achievement report calls. */
export const reportsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // The school's wall clock, as every time rule reads it: a sitting is held once it has ended there.
  const moment = () => schoolMoment(deps.now());

  registerCall(app, 'GET /api/attendance/report/filter/:id', async (request) =>
    attendanceReportFilter(deps.db, signedInUser(request), request.params.id),
  );
  registerCall(app, 'GET /api/attendance/report/students/:id', async (request) =>
    attendanceReportStudents(deps.db, signedInUser(request), request.params.id, moment()),
  );
  registerCall(app, 'GET /api/attendance/report/classes/:id', async (request) =>
    attendanceReportClasses(deps.db, signedInUser(request), request.params.id, moment()),
  );

  registerCall(app, 'GET /api/report/universities/:universityId/subject-name', async (request) =>
    reportSubjectNames(deps.db, signedInUser(request), request.params.universityId),
  );
  registerCall(
    app,
    'GET /api/report/universities/:universityId/subject-name/:subjectNameId/faculty',
    async (request) =>
      reportFaculties(
        deps.db,
        signedInUser(request),
        request.params.universityId,
        request.params.subjectNameId,
      ),
  );
  registerCall(
    app,
    'GET /api/report/universities/:universityId/subject-name/:subjectNameId/faculty/:facultyId/year-code',
    async (request) =>
      reportYearCodes(
        deps.db,
        signedInUser(request),
        request.params.universityId,
        request.params.subjectNameId,
        request.params.facultyId,
      ),
  );
  registerCall(app, 'GET /api/report/default-filter', async (request) =>
    reportDefaultFilter(deps.db, signedInUser(request)),
  );
  registerCall(app, 'GET /api/report/universities/:universityId/year-codes/:subjectNameId', async (request) =>
    reportYearCodes(
      deps.db,
      signedInUser(request),
      request.params.universityId,
      request.params.subjectNameId,
      null,
    ),
  );
  registerCall(app, 'GET /api/report/data-classes/:subjectNameId/:facultyId/:yearCodeId', async (request) =>
    reportClasses(
      deps.db,
      signedInUser(request),
      request.params.subjectNameId,
      request.params.facultyId,
      request.params.yearCodeId,
    ),
  );
  registerCall(app, 'GET /api/report/sub-scores/:lessonId/:examNameId', async (request) =>
    reportSubScores(deps.db, signedInUser(request), request.params.lessonId, request.params.examNameId),
  );
  registerCall(app, 'GET /api/report/year-code/sub-scores/:lessonId/:examNameId', async (request) =>
    reportYearCodeSubScores(
      deps.db,
      signedInUser(request),
      request.params.lessonId,
      request.params.examNameId,
    ),
  );
};
