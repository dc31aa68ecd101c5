import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { registerCall } from '../../plugins/call-route';
import { signedInUser } from '../../plugins/session';
import { acceptXlsxUploads, uploadedBytes } from '../../plugins/xlsx-upload';
import { startPeriodicJob } from '../dashboard/job';
import { createCodingServiceClient } from './coding-service';
import { importRanking } from './ranking-import';
import { refreshRankings } from './ranking-job';
import {
  createEvent,
  deleteEvent,
  eventFilterChoices,
  eventFormChoices,
  readEvent,
  searchEvents,
  searchRanking,
  updateEvent,
} from './service';

/** The events and ranking calls of SPEC §7, and the job that fetches rankings from the coding service. */
export const eventsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = deps.config.codingService;
  const period = deps.config.rankingRefreshMs;
  if (service && period !== undefined && period > 0) {
    const client = createCodingServiceClient(service);
    const job = startPeriodicJob(
      () =>
        deps.metrics.job('ranking_refresh', async () => {
          const { failed } = await refreshRankings({ db: deps.db, now: deps.now, client });
          for (const { eventId, failure } of failed)
            app.log.warn({ eventId, failure }, 'ranking fetch failed');
        }),
      period,
      (error) => app.log.error({ err: error }, 'ranking refresh failed'),
    );
    app.addHook('onReady', async () => job.trigger());
    app.addHook('onClose', () => job.stop());
  }

  registerCall(app, 'GET /api/viblo/filter-data', async () => ({
    events: await eventFilterChoices(deps.db),
  }));
  registerCall(app, 'POST /api/viblo/search', async (request) => searchRanking(deps.db, request.body));
  registerCall(app, 'POST /api/viblo-event/search', async (request) =>
    searchEvents(deps.db, request.body, deps.now()),
  );
  registerCall(app, 'GET /api/viblo-event/data-filter', async () => ({
    dataFilter: await eventFilterChoices(deps.db),
  }));
  registerCall(app, 'GET /api/viblo-event/add/get-data-create', async () => eventFormChoices(deps.db));
  registerCall(
    app,
    'POST /api/viblo-event',
    async (request) => createEvent(deps.db, request.body, signedInUser(request).id, deps.now()),
    { status: 201 },
  );
  registerCall(app, 'GET /api/viblo-event/:eventId', async (request) =>
    readEvent(deps.db, request.params.eventId),
  );
  registerCall(app, 'POST /api/viblo-event/:eventId', async (request) =>
    updateEvent(deps.db, request.params.eventId, request.body, deps.now()),
  );
  acceptXlsxUploads(app);
  registerCall(app, 'POST /api/viblo-event/:eventId/ranking-import', async (request) =>
    importRanking(deps.db, request.params.eventId, uploadedBytes(request.body), deps.now()),
  );
  registerCall(app, 'DELETE /api/viblo-event/:eventId', async (request) => {
    await deleteEvent(deps.db, request.params.eventId);
    return { ok: true as const };
  });
};
