import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CallKey } from '../../../domain/permissions';
import type { Database } from '../../db/client';
import type { AppDeps } from '../../deps';
import { registerCall } from '../../plugins/call-route';
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

const LIST_CLASSES_CALLS = [
  ['attendance', 'GET /api/sticky/list-classes-attendance'],
  ['achievement', 'GET /api/sticky/list-classes-achievement'],
  ['lesson-plan', 'GET /api/sticky/list-classes-lesson-plan'],
  ['note-plan', 'GET /api/sticky/list-classes-note-plan'],
] as const satisfies readonly (readonly [ListClassesKind, CallKey])[];

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
      () => deps.metrics.job('sticky_refresh', () => refreshAndPublish(deps, 'all')),
      period,
      (error) => app.log.error({ err: error }, 'sticky refresh failed'),
    );
    app.addHook('onReady', async () => job.trigger());
    app.addHook('onClose', () => job.stop());
  }

  registerCall(app, 'GET /api/sticky', async (request) =>
    listStickies(deps.db, signedInUser(request), request.query.page, request.query.numberSticky),
  );

  for (const [kind, call] of LIST_CLASSES_CALLS) {
    registerCall(app, call, async (request) =>
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

  registerCall(app, 'GET /api/sticky/:stickyId', async (request) =>
    readSticky(deps.db, signedInUser(request), request.params.stickyId, deps.now()),
  );

  // The body can only say "closed" (the table refuses any other status), so the service just closes.
  registerCall(app, 'POST /api/sticky/:stickyId', async (request) => {
    await closeSticky(deps, signedInUser(request), request.params.stickyId);
    return { ok: true as const };
  });

  registerCall(app, 'GET /api/notification', async (request) =>
    listNotifications(deps.db, signedInUser(request).id, request.query.page),
  );

  registerCall(app, 'POST /api/notification/read', async (request) => {
    await markRead(deps, signedInUser(request).id, request.body.id);
    return { ok: true as const };
  });

  registerCall(app, 'POST /api/notification/readAll', async (request) => {
    await markAllRead(deps, signedInUser(request).id);
    return { ok: true as const };
  });
};

// Like the app plugin itself: the `dashboard` decoration lands on the instance the app's callers hold.
Object.assign(dashboardRoutes, { [Symbol.for('skip-override')]: true });
