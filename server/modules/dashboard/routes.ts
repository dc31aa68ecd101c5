import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationListSchema,
  notificationQuerySchema,
  notificationReadSchema,
} from '../../../domain/notifications';
import {
  stickyClassListSchema,
  stickyDetailSchema,
  stickyItemSchema,
  stickyListClassesQuerySchema,
  stickyListQuerySchema,
  stickyListSchema,
  stickyStatusBodySchema,
} from '../../../domain/sticky-api';
import type { Database } from '../../db/client';
import { type AppDeps, emptyBodySchema } from '../../deps';
import { signedInUser } from '../../plugins/session';
import { startPeriodicJob } from './job';
import {
  listNotifications,
  markAllRead,
  markRead,
  notifyAccountChange,
  notifyDepsOf,
  notifyRequestEvent,
} from './notifications';
import { type RefreshResult, refreshAndPublish } from './refresh';
import type { StickyScope } from './rules/types';
import { closeSticky, type ListClassesKind, listStickies, listStickyClasses, readSticky } from './stickies';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The dashboard's entry points for other modules and tests: `refresh` re-runs the sticky rules over a
     * scope at the app clock and pushes the changes; the notify calls send the notifications of a committed
     * request event or account change; `db` is the database the cards live in.
     */
    dashboard: {
      refresh(scope: StickyScope): Promise<RefreshResult>;
      notifyRequestEvent(requestId: string, event: 'created' | 'decided'): Promise<string[]>;
      notifyAccountChange(userId: string): Promise<string[]>;
      db: Database;
    };
  }
}

const stickyParamsSchema = z.strictObject({ stickyId: z.uuid('invalid') });
const okSchema = z.object({ ok: z.literal(true) });

const LIST_CLASSES_CALLS = [
  ['attendance', 'GET /api/sticky/list-classes-attendance'],
  ['achievement', 'GET /api/sticky/list-classes-achievement'],
  ['lesson-plan', 'GET /api/sticky/list-classes-lesson-plan'],
  ['note-plan', 'GET /api/sticky/list-classes-note-plan'],
] as const satisfies readonly (readonly [ListClassesKind, string])[];

/**
 * The sticky and notification calls of SPEC §7, and the periodic sticky refresh (when
 * `config.stickyRefreshMs` is set; tests leave it unset and call `refreshStickies` with their clock).
 */
export const dashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const notify = notifyDepsOf(deps);
  app.decorate('dashboard', {
    refresh: (scope: StickyScope) => refreshAndPublish(deps, scope),
    notifyRequestEvent: (requestId: string, event: 'created' | 'decided') =>
      notifyRequestEvent(notify, requestId, event),
    notifyAccountChange: (userId: string) => notifyAccountChange(notify, userId),
    db: deps.db,
  });
  const period = deps.config.stickyRefreshMs;
  if (period !== undefined && period > 0) {
    const job = startPeriodicJob(
      () => refreshAndPublish(deps, 'all'),
      period,
      (error) => app.log.error({ err: error }, 'sticky refresh failed'),
    );
    app.addHook('onReady', async () => job.trigger());
    app.addHook('onClose', () => job.stop());
  }

  app.get(
    '/api/sticky',
    {
      onRequest: [app.requireUser, app.requireRole('GET /api/sticky')],
      schema: { querystring: stickyListQuerySchema, response: { 200: stickyListSchema } },
    },
    async (request) =>
      listStickies(deps.db, signedInUser(request), request.query.page, request.query.numberSticky),
  );

  for (const [kind, call] of LIST_CLASSES_CALLS) {
    app.get(
      `/api/sticky/list-classes-${kind}`,
      {
        onRequest: [app.requireUser, app.requireRole(call)],
        schema: { querystring: stickyListClassesQuerySchema, response: { 200: stickyClassListSchema } },
      },
      async (request) =>
        listStickyClasses(
          deps.db,
          signedInUser(request),
          kind,
          request.query.stickyId,
          request.query.stickyType,
          deps.now(),
        ),
    );
  }

  app.get(
    '/api/sticky/:stickyId',
    {
      onRequest: [app.requireUser, app.requireRole('GET /api/sticky/:stickyId')],
      schema: { params: stickyParamsSchema, response: { 200: stickyDetailSchema } },
    },
    async (request) => readSticky(deps.db, signedInUser(request), request.params.stickyId, deps.now()),
  );

  app.post(
    '/api/sticky/:stickyId',
    {
      onRequest: [app.requireUser, app.requireRole('POST /api/sticky/:stickyId')],
      schema: {
        params: stickyParamsSchema,
        body: stickyStatusBodySchema,
        response: { 200: stickyItemSchema },
      },
    },
    async (request) => closeSticky(deps, signedInUser(request), request.params.stickyId),
  );

  app.get(
    '/api/notification',
    {
      onRequest: [app.requireUser, app.requireRole('GET /api/notification')],
      schema: { querystring: notificationQuerySchema, response: { 200: notificationListSchema } },
    },
    async (request) => listNotifications(deps.db, signedInUser(request).id, request.query.page),
  );

  app.post(
    '/api/notification/read',
    {
      onRequest: [app.requireUser, app.requireRole('POST /api/notification/read')],
      schema: { body: notificationReadSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await markRead(deps, signedInUser(request).id, request.body.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/notification/readAll',
    {
      onRequest: [app.requireUser, app.requireRole('POST /api/notification/readAll')],
      schema: { body: emptyBodySchema, response: { 200: okSchema } },
    },
    async (request) => {
      await markAllRead(deps, signedInUser(request).id);
      return { ok: true as const };
    },
  );
};

// Like the app plugin itself: the `dashboard` decoration lands on the instance the app's callers hold.
Object.assign(dashboardRoutes, { [Symbol.for('skip-override')]: true });
