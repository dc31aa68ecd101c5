import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../domain/errors';
import type { CallKey } from '../../domain/permissions';
import type { LoadShedConfig } from '../config';
import { HttpError } from '../http-error';
import type { AppMetrics } from '../metrics';
import { METRICS_PATH } from './metrics';

/** Calls answered however loaded the server is: a load balancer must still learn that it lives. */
const ALWAYS_ANSWERED: ReadonlySet<CallKey> = new Set(['GET /api/health', 'GET /api/ready']);

function alwaysAnswered(request: FastifyRequest): boolean {
  const key = request.routeOptions.config?.callKey;
  return (key !== undefined && ALWAYS_ANSWERED.has(key)) || request.routeOptions.url === METRICS_PATH;
}

/** What was over its limit, as the shed counter names it. */
function reasonOf(type: string): string {
  return type === underPressure.TYPE_HEALTH_CHECK ? 'database_queue' : type;
}

/**
 * Load shed (`@fastify/under-pressure`): while the event loop lags or is busy past its limits, or more
 * statements wait for the database than `maxDatabaseQueue`, every request but health, readiness and metrics
 * is answered 503 `server_busy` with `Retry-After` before anything of it runs (no session looked up, no row
 * written), so a refused sync push is simply sent again later. Register it before the other hooks.
 */
export async function registerLoadShed(
  app: FastifyInstance,
  options: { config: LoadShedConfig | undefined; databaseQueue: () => number; metrics: AppMetrics },
): Promise<void> {
  const { config } = options;
  if (!config) return;
  const maxQueue = config.maxDatabaseQueue;
  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    maxEventLoopUtilization: config.maxEventLoopUtilization,
    // Over the last sample only: the default averages since the start, so a busy morning would never show.
    eventLoopUtilizationMode: 'interval',
    sampleInterval: config.eventLoopSampleMs ?? 1000,
    ...(maxQueue > 0
      ? {
          healthCheck: async () => options.databaseQueue() <= maxQueue,
          healthCheckInterval: config.databaseSampleMs ?? 250,
        }
      : {}),
    pressureHandler: async (request, _reply, type) => {
      if (alwaysAnswered(request)) return;
      options.metrics.shed(reasonOf(type));
      const busy = new HttpError(503, { message: 'Service Unavailable', code: ErrorCode.serverBusy });
      busy.retryAfterSeconds = config.retryAfterSeconds;
      throw busy;
    },
  });
}
