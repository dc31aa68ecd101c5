import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { CALL_SCHEMAS } from '../../../domain/schemas/calls';
import type { AppDeps } from '../../deps';
import { signedInUser } from '../../plugins/session';
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
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const guard = (call: Parameters<typeof app.requireRole>[0]) => [app.requireUser, app.requireRole(call)];

  const bySubjects = CALL_SCHEMAS['GET /api/attendance/subjectsByYearCode/:facultyId/:yearCodeId'];
  routes.get(
    '/api/attendance/subjectsByYearCode/:facultyId/:yearCodeId',
    {
      onRequest: guard('GET /api/attendance/subjectsByYearCode/:facultyId/:yearCodeId'),
      schema: { params: bySubjects.params, response: { 200: bySubjects.response } },
    },
    async (request) =>
      subjectsByYearCode(deps.db, signedInUser(request), request.params.facultyId, request.params.yearCodeId),
  );

  const byFaculty = CALL_SCHEMAS['GET /api/attendance/university/:universityId/faculty/:facultyId'];
  routes.get(
    '/api/attendance/university/:universityId/faculty/:facultyId',
    {
      onRequest: guard('GET /api/attendance/university/:universityId/faculty/:facultyId'),
      schema: { params: byFaculty.params, response: { 200: byFaculty.response } },
    },
    async (request) =>
      yearCodesByFaculty(
        deps.db,
        signedInUser(request),
        request.params.universityId,
        request.params.facultyId,
      ),
  );

  const bySubject = CALL_SCHEMAS['GET /api/attendance/classesBySubject/:subjectId'];
  routes.get(
    '/api/attendance/classesBySubject/:subjectId',
    {
      onRequest: guard('GET /api/attendance/classesBySubject/:subjectId'),
      schema: { params: bySubject.params, response: { 200: bySubject.response } },
    },
    async (request) => classesBySubject(deps.db, signedInUser(request), request.params.subjectId),
  );

  const highlight = CALL_SCHEMAS['GET /api/attendance/students-highlight/:subjectId/:subjectClassId'];
  routes.get(
    '/api/attendance/students-highlight/:subjectId/:subjectClassId',
    {
      onRequest: guard('GET /api/attendance/students-highlight/:subjectId/:subjectClassId'),
      schema: { params: highlight.params, response: { 200: highlight.response } },
    },
    async (request) =>
      highlightedStudents(
        deps.db,
        signedInUser(request),
        request.params.subjectId,
        request.params.subjectClassId,
        deps.now().toISOString().slice(0, 10),
      ),
  );

  const dataFilter = CALL_SCHEMAS['GET /api/attendance/dataFilter/:id'];
  routes.get(
    '/api/attendance/dataFilter/:id',
    {
      onRequest: guard('GET /api/attendance/dataFilter/:id'),
      schema: { params: dataFilter.params, response: { 200: dataFilter.response } },
    },
    async (request) => classFilter(deps.db, signedInUser(request), request.params.id),
  );

  const history = CALL_SCHEMAS['GET /api/attendance/history/:scheduleId'];
  routes.get(
    '/api/attendance/history/:scheduleId',
    {
      onRequest: guard('GET /api/attendance/history/:scheduleId'),
      schema: { params: history.params, response: { 200: history.response } },
    },
    async (request) => attendanceHistoryOf(deps.db, signedInUser(request), request.params.scheduleId),
  );

  const sheet = CALL_SCHEMAS['GET /api/attendance/:subjectClassId'];
  routes.get(
    '/api/attendance/:subjectClassId',
    {
      onRequest: guard('GET /api/attendance/:subjectClassId'),
      schema: { params: sheet.params, response: { 200: sheet.response } },
    },
    async (request) => classAttendance(deps.db, signedInUser(request), request.params.subjectClassId),
  );

  const save = CALL_SCHEMAS['POST /api/attendance/:scheduleId'];
  routes.post(
    '/api/attendance/:scheduleId',
    {
      onRequest: guard('POST /api/attendance/:scheduleId'),
      schema: { params: save.params, body: save.body, response: { 200: save.response } },
    },
    async (request) =>
      saveAttendance(
        deps,
        signedInUser(request),
        request.params.scheduleId,
        request.body,
        isOfflineOrigin(request.headers),
      ),
  );

  const candidates = CALL_SCHEMAS['GET /api/exchange-attendance/:id/:apply'];
  routes.get(
    '/api/exchange-attendance/:id/:apply',
    {
      onRequest: guard('GET /api/exchange-attendance/:id/:apply'),
      schema: { params: candidates.params, response: { 200: candidates.response } },
    },
    async (request) =>
      exchangeCandidates(deps.db, signedInUser(request), request.params.id, request.params.apply),
  );

  const exchange = CALL_SCHEMAS['POST /api/exchange-attendance/:subjectId'];
  routes.post(
    '/api/exchange-attendance/:subjectId',
    {
      onRequest: guard('POST /api/exchange-attendance/:subjectId'),
      schema: { params: exchange.params, body: exchange.body, response: { 200: exchange.response } },
    },
    async (request) =>
      exchangeAttendance(
        deps,
        signedInUser(request),
        request.params.subjectId,
        request.body,
        isOfflineOrigin(request.headers),
      ),
  );
};
