import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appPublicUrl } from '../../config';
import type { AppDeps } from '../../deps';
import { registerCall } from '../../plugins/call-route';
import { signedInUser } from '../../plugins/session';
import { endGuardianLink, linkGuardian, listGuardians } from './guardians';
import type { PeopleDeps } from './people-write';
import {
  blockAdminLogin,
  deleteObserver,
  deleteTeacher,
  demoteAdmin,
  inviteObserver,
  inviteTeacher,
  listObservers,
  listTeachers,
  promoteToAdmin,
  readTeacher,
  readUser,
  searchUsers,
  updateObserver,
  updateTeacher,
} from './staff';
import {
  createStudent,
  createStudentsBulk,
  deleteStudent,
  putStudentInClass,
  readStudent,
  readStudentFilterData,
  searchStudents,
  updateStudent,
} from './students';

const OK = { ok: true as const };

/** The people calls of SPEC §7: students, teachers, observers and admins. */
export const peopleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, appDeps) => {
  const deps: PeopleDeps = { ...appDeps, publicUrl: appPublicUrl(appDeps.config) };
  const db = deps.db;

  // Students. The static paths first for the reader; Fastify prefers them over `:studentId` anyway.
  registerCall(app, 'GET /api/students/search', async (request) =>
    searchStudents(db, signedInUser(request), request.query),
  );
  registerCall(app, 'GET /api/students/data-filter/:yearCodeId/:facultyId', async (request) =>
    readStudentFilterData(db, signedInUser(request), request.params.yearCodeId, request.params.facultyId),
  );
  registerCall(
    app,
    'POST /api/students/create-multi',
    async (request) => createStudentsBulk(deps, signedInUser(request), request.body),
    {
      status: 201,
    },
  );
  registerCall(
    app,
    'POST /api/students',
    async (request) => createStudent(deps, signedInUser(request), request.body),
    {
      status: 201,
    },
  );
  registerCall(app, 'GET /api/students/:studentId', async (request) =>
    readStudent(db, signedInUser(request), request.params.studentId),
  );
  registerCall(app, 'POST /api/students/:studentId', async (request) =>
    updateStudent(deps, signedInUser(request), request.params.studentId, request.body),
  );
  registerCall(app, 'DELETE /api/students/:studentId', async (request) => {
    await deleteStudent(deps, signedInUser(request), request.params.studentId);
    return OK;
  });
  registerCall(app, 'POST /api/students/:studentId/lesson', async (request) => {
    await putStudentInClass(deps, signedInUser(request), request.params.studentId, request.body.classId);
    return OK;
  });

  // A student's guardians (issue 43), admins only.
  registerCall(app, 'GET /api/students/:studentId/guardians', async (request) =>
    listGuardians(db, request.params.studentId),
  );
  registerCall(app, 'POST /api/students/:studentId/guardians', async (request) =>
    linkGuardian(deps, signedInUser(request), request.params.studentId, request.body),
  );
  registerCall(app, 'DELETE /api/students/:studentId/guardians/:guardianId', async (request) => {
    await endGuardianLink(deps, request.params.studentId, request.params.guardianId);
    return OK;
  });

  // Teachers.
  registerCall(app, 'GET /api/teachers', async (request) => listTeachers(db, request.query));
  registerCall(app, 'GET /api/teachers/:teacherId', async (request) =>
    readTeacher(db, request.params.teacherId),
  );
  registerCall(app, 'POST /api/teachers/:teacherId', async (request) =>
    updateTeacher(deps, request.params.teacherId, request.body),
  );
  registerCall(app, 'DELETE /api/teachers/:teacherId', async (request) => {
    await deleteTeacher(deps, request.params.teacherId);
    return OK;
  });

  // Users: the admins screen and the teacher invitation.
  registerCall(app, 'GET /api/users/search', async (request) => searchUsers(db, request.query));
  registerCall(app, 'POST /api/users/up-role', async (request) =>
    promoteToAdmin(deps, signedInUser(request), request.body.id),
  );
  registerCall(app, 'POST /api/users/down-role', async (request) =>
    demoteAdmin(deps, signedInUser(request), request.body.id),
  );
  registerCall(app, 'POST /api/users/block-login-admin/:userId', async (request) =>
    blockAdminLogin(deps, signedInUser(request), request.params.userId, request.body.blocked),
  );
  registerCall(
    app,
    'POST /api/users/invite',
    async (request) => inviteTeacher(deps, signedInUser(request), request.body),
    {
      status: 201,
    },
  );
  registerCall(app, 'GET /api/users/:userId', async (request) => readUser(db, request.params.userId));

  // Observers.
  registerCall(app, 'GET /api/observers', async (request) => listObservers(db, request.query));
  registerCall(
    app,
    'POST /api/observers/invite',
    async (request) => inviteObserver(deps, signedInUser(request), request.body),
    {
      status: 201,
    },
  );
  registerCall(app, 'POST /api/observers/:observerId', async (request) =>
    updateObserver(deps, request.params.observerId, request.body),
  );
  registerCall(app, 'DELETE /api/observers/:observerId', async (request) => {
    await deleteObserver(deps, request.params.observerId);
    return OK;
  });
};
