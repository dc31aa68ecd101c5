import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { registerCall } from '../../plugins/call-route';
import { signedInUser } from '../../plugins/session';
import {
  monthRange,
  saveScheduleFilter,
  scheduleFilterOf,
  scheduleYearCodes,
  schoolCalendar,
  studentCalendar,
  teacherCalendar,
  teachersForFilter,
  teacherTimesheet,
} from './service';

/** The schedule calls of SPEC §7 "Schedules": the calendars, the saved filter and the teacher timesheet. */
export const scheduleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerCall(
    app,
    'GET /api/schedules/:university/:faculty/:yearCode/:month/month/school',
    async (request) =>
      schoolCalendar(deps.db, signedInUser(request), request.params, monthRange(request.params.month)),
  );

  registerCall(
    app,
    'GET /api/schedules/:university/:faculty/:yearCode/:first/:last/week/school',
    async (request) => schoolCalendar(deps.db, signedInUser(request), request.params, request.params),
  );

  registerCall(app, 'GET /api/schedules/:faculty/:yearCode/:month/month/teacher', async (request) =>
    teacherCalendar(
      deps.db,
      signedInUser(request),
      request.query.teachers,
      monthRange(request.params.month),
      request.params,
    ),
  );

  registerCall(app, 'GET /api/schedules/:first/:last/week/teacher', async (request) =>
    teacherCalendar(deps.db, signedInUser(request), request.query.teachers, request.params),
  );

  registerCall(app, 'GET /api/schedules/:faculty/:yearCode/:day/day/teacher', async (request) =>
    teacherCalendar(
      deps.db,
      signedInUser(request),
      request.query.teachers,
      { first: request.params.day, last: request.params.day },
      request.params,
    ),
  );

  registerCall(app, 'GET /api/schedules/:month/month/student', async (request) =>
    studentCalendar(deps.db, signedInUser(request), monthRange(request.params.month)),
  );

  registerCall(app, 'GET /api/schedules/:firstDayOfWeek/:lastDayOfWeek/week/student', async (request) =>
    studentCalendar(deps.db, signedInUser(request), {
      first: request.params.firstDayOfWeek,
      last: request.params.lastDayOfWeek,
    }),
  );

  registerCall(app, 'GET /api/schedules/:day/day/student', async (request) =>
    studentCalendar(deps.db, signedInUser(request), { first: request.params.day, last: request.params.day }),
  );

  registerCall(app, 'POST /api/schedules/save-filter', async (request) =>
    saveScheduleFilter(deps.db, signedInUser(request), request.body),
  );

  registerCall(app, 'GET /api/schedules/get-filter', async (request) =>
    scheduleFilterOf(deps.db, signedInUser(request)),
  );

  registerCall(
    app,
    'GET /api/schedules/year-code-by-faculty/university/:universityId/faculty/:facultyId',
    async (request) => scheduleYearCodes(deps.db, request.params.universityId, request.params.facultyId),
  );

  registerCall(app, 'GET /api/schedules/teachers-for-filter', async (request) =>
    teachersForFilter(deps.db, request.query.userIds),
  );

  registerCall(app, 'GET /api/teachers/:teacherId/timesheet/:year', async (request) =>
    teacherTimesheet(deps.db, signedInUser(request), request.params.teacherId, request.params.year),
  );
};
