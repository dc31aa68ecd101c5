import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps';
import { syncRoutes } from '../sync/routes';
import { absenceNoticeRoutes } from './absence-notices/routes';
import { accountRoutes } from './account/routes';
import { achievementRoutes } from './achievement/routes';
import { attendanceRoutes } from './attendance/routes';
import { oidcRoutes } from './auth/oidc-routes';
import { authRoutes } from './auth/routes';
import { syncCollections } from './collections';
import { dashboardRoutes } from './dashboard/routes';
import { eventsRoutes } from './events/routes';
import { healthRoutes } from './health/routes';
import { highlightRoutes } from './highlights/routes';
import { lessonRoutes } from './lessons/routes';
import { masterRoutes } from './master/routes';
import { memoRoutes } from './memos/routes';
import { metaRoutes } from './meta/routes';
import { offlineRoutes } from './offline/routes';
import { peopleRoutes } from './people/routes';
import { planRoutes } from './plans/routes';
import { privacyRoutes } from './privacy/routes';
import { pushRoutes } from './push/routes';
import { reportsRoutes } from './reports/routes';
import { requestsRoutes } from './requests/routes';
import { scheduleRoutes } from './schedules/routes';
import { schoolSettingsRoutes } from './school-settings/routes';
import { statisticsRoutes } from './statistics/routes';
import { subjectRoutes } from './subjects/routes';

/** One area's calls: a Fastify plugin that registers them (`registerCall`) from the app's dependencies. */
export type AreaRoutes = FastifyPluginAsyncZod<AppDeps>;

/** The replication calls of every collection of `syncCollections` (the engine imports no module itself). */
const replicationRoutes: AreaRoutes = async (app, deps) => {
  await app.register(syncRoutes, { deps, collections: syncCollections });
};

/**
 * Every area's routes, listed once: `app.ts` registers each with the app's dependencies, after the plugins
 * (session, CSRF, idempotency, socket) whose hooks cover them. A new area adds its plugin here
 * (docs/adding-an-area.md); the route-registration test fails on a call of the table no area serves.
 */
export const AREA_ROUTES: readonly AreaRoutes[] = [
  metaRoutes,
  healthRoutes,
  offlineRoutes,
  authRoutes,
  oidcRoutes,
  schoolSettingsRoutes,
  accountRoutes,
  masterRoutes,
  dashboardRoutes,
  replicationRoutes,
  achievementRoutes,
  attendanceRoutes,
  eventsRoutes,
  scheduleRoutes,
  reportsRoutes,
  privacyRoutes,
  statisticsRoutes,
  subjectRoutes,
  lessonRoutes,
  planRoutes,
  highlightRoutes,
  memoRoutes,
  peopleRoutes,
  requestsRoutes,
  pushRoutes,
  absenceNoticeRoutes,
];
