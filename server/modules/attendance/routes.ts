import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { registerCall } from '../../plugins/call-route';
import { signedInUser } from '../../plugins/session';
import { schoolMoment } from '../../school-clock';
import { isOfflineOrigin } from '../../sync/routes';
import {
  attendanceHistoryOf,
  classAttendance,
  classesBySubject,
  classFilter,
  exchangeAttendance,
  exchangeCandidates,
  highlightedStudents,
  saveAttendance,
  subjectsByYearCode,
  yearCodesByFaculty,
} from './service';

/** The attendance calls of SPEC §7 "Attendance and achievement", and the change history of a schedule. */
export const attendanceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerCall(app, 'GET /api/attendance/subjectsByYearCode/:facultyId/:yearCodeId', async (request) =>
    subjectsByYearCode(deps.db, signedInUser(request), request.params.facultyId, request.params.yearCodeId),
  );

  registerCall(app, 'GET /api/attendance/university/:universityId/faculty/:facultyId', async (request) =>
    yearCodesByFaculty(deps.db, signedInUser(request), request.params.universityId, request.params.facultyId),
  );

  registerCall(app, 'GET /api/attendance/classesBySubject/:subjectId', async (request) =>
    classesBySubject(deps.db, signedInUser(request), request.params.subjectId),
  );

  registerCall(app, 'GET /api/attendance/students-highlight/:subjectId/:subjectClassId', async (request) =>
    highlightedStudents(
      deps.db,
      signedInUser(request),
      request.params.subjectId,
      request.params.subjectClassId,
      schoolMoment(deps.now()),
    ),
  );

  registerCall(app, 'GET /api/attendance/dataFilter/:id', async (request) =>
    classFilter(deps.db, signedInUser(request), request.params.id),
  );

  registerCall(app, 'GET /api/attendance/history/:scheduleId', async (request) =>
    attendanceHistoryOf(deps.db, signedInUser(request), request.params.scheduleId),
  );

  registerCall(app, 'GET /api/attendance/:subjectClassId', async (request) =>
    classAttendance(deps.db, signedInUser(request), request.params.subjectClassId),
  );

  registerCall(app, 'POST /api/attendance/:scheduleId', async (request) =>
    saveAttendance(
      deps,
      signedInUser(request),
      request.params.scheduleId,
      request.body,
      isOfflineOrigin(request.headers),
    ),
  );

  registerCall(app, 'GET /api/exchange-attendance/:id/:apply', async (request) =>
    exchangeCandidates(deps.db, signedInUser(request), request.params.id, request.params.apply),
  );

  registerCall(app, 'POST /api/exchange-attendance/:subjectId', async (request) =>
    exchangeAttendance(
      deps,
      signedInUser(request),
      request.params.subjectId,
      request.body,
      isOfflineOrigin(request.headers),
    ),
  );
};
