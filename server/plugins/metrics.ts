import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addressMatcher } from '../address-ranges';
import { LOOPBACK_RANGES, type MetricsConfig } from '../config';
import { notFound } from '../http-error';
import { type AppMetrics, OTHER_ROUTE } from '../metrics';

/** Where Prometheus scrapes the metrics: beside the API, not under it (no session, no CSRF, no JSON). */
export const METRICS_PATH = '/metrics';

/** Whether `header` is `Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith('Bearer ')) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
}

/**
 * The label a request is counted under: the call-table key of the call it reached, the route pattern of
 * the few routes outside the table (the SPA's files, the socket, the metrics), or `other` (not found).
 * Never the raw URL: its ids would make a series per student.
 */
function routeLabel(request: FastifyRequest): string {
  const options = request.routeOptions;
  if (options.config?.callKey) return options.config.callKey;
  return options.url ? `${request.method} ${options.url}` : OTHER_ROUTE;
}

/**
 * Counts every answered request by call and status, with its latency, and serves `GET /metrics` in
 * Prometheus's text format to the addresses `config.allow` names (loopback by default) or to a bearer of
 * `config.token`. Anyone else gets the same 404 as a path that does not exist: it does not say it is there.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: AppMetrics,
  config: MetricsConfig | undefined,
): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.request(routeLabel(request), reply.statusCode, reply.elapsedTime / 1000);
  });
  const allowed = addressMatcher(config?.allow ?? LOOPBACK_RANGES);
  app.get(METRICS_PATH, async (request, reply) => {
    if (!allowed(request.ip) && !bearerMatches(request.headers.authorization, config?.token)) {
      throw notFound();
    }
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
