import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { registerCall } from '../../plugins/call-route';
import { signedInUser } from '../../plugins/session';
import { myAccessLog, staffAccessLog, studentAccessLog, wardAccessLog } from './access-log-reads';
import { ERASURE_JOB, nextNightlyRun, runErasure } from './erasure';
import { exportStudentRecord } from './record-export';

/** The privacy calls of issue 46: the access log's reads, a student's record out, the erasure's run. */
export const privacyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const afterDays = deps.config.erasureAfterDays ?? 0;
  // The nightly erasure is a recurring job of the durable queue: a night missed while the server was down
  // runs when it is back, and instances sharing a PostgreSQL run it once.
  deps.jobs.handle(ERASURE_JOB, async () => {
    await runErasure(deps, { now: deps.now(), afterDays, dryRun: false });
  });
  if (afterDays > 0) deps.jobs.schedule(ERASURE_JOB, nextNightlyRun);

  registerCall(app, 'GET /api/students/:studentId/access-log', async (request) =>
    studentAccessLog(deps.db, signedInUser(request), request.params.studentId, request.query.before),
  );
  registerCall(app, 'GET /api/users/:userId/access-log', async (request) =>
    staffAccessLog(deps.db, request.params.userId, request.query.before),
  );
  registerCall(app, 'GET /api/me/access-log', async (request) =>
    myAccessLog(deps.db, signedInUser(request), request.query.before),
  );
  registerCall(app, 'GET /api/students/:studentId/who-looked', async (request) =>
    wardAccessLog(deps.db, signedInUser(request), request.params.studentId, request.query.before),
  );
  registerCall(app, 'GET /api/students/:studentId/record', async (request) =>
    exportStudentRecord(deps.db, signedInUser(request), request.params.studentId, deps.now()),
  );
  registerCall(app, 'POST /api/erasure/run', async (request) => {
    const outcome = await runErasure(deps, {
      now: deps.now(),
      afterDays,
      dryRun: request.body.dry_run,
    });
    return {
      dry_run: outcome.dryRun,
      after_days: outcome.afterDays,
      students: outcome.students.map((item) => ({
        student_id: item.studentId,
        user_id: item.userId,
        left_at: item.leftAt.toISOString(),
      })),
    };
  });
};
