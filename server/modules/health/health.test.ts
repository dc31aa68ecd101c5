import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../domain/errors';
import { ReadinessCode } from '../../../domain/health';
import { shippedMigrations } from '../../db/client';
import { METRICS_PATH } from '../../plugins/metrics';
import { buildTestApp, type TestApp } from '../../testing/test-app';

const TOKEN = 'scrape-token-0123456789';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ metrics: { allow: ['127.0.0.0/8', '10.1.0.0/16'], token: TOKEN } });
});

afterAll(async () => {
  await t.close();
});

/** The value of one series of the metrics text, or undefined when it is not there. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('health', () => {
  it('answers 200 without a session or a cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('readiness', () => {
  it('is ready when the database answers and holds every migration of the build', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', migrations: shippedMigrations().length });
  });

  it('says migrations_pending when the database lacks one the build ships', async () => {
    const other = await buildTestApp();
    try {
      await other.db.execute(
        `delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const response = await other.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: ReadinessCode.migrationsPending });
    } finally {
      await other.close();
    }
  });

  it('answers 503 database_unreachable once the database is closed, while health still answers 200', async () => {
    const closing = await buildTestApp();
    try {
      // The database goes away under a running server (the data folder's disk, the PostgreSQL server).
      // drizzle keeps its driver (PGlite, or node-postgres's pool) as `$client`, which its types do not name.
      const { $client: client } = closing.db as unknown as {
        $client: { close?(): Promise<void>; end?(): Promise<void> };
      };
      await (client.end ? client.end() : client.close?.());
      const ready = await closing.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ code: ReadinessCode.databaseUnreachable });
      const health = await closing.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await closing.close().catch(() => undefined);
    }
  });
});

describe('metrics', () => {
  it('counts a request under its call-table key and status, never its raw URL', async () => {
    const before = await t.app.inject({ method: 'GET', url: METRICS_PATH });
    const series = 'school_http_requests_total{route="GET /api/health",status="200"}';
    const counted = seriesValue(before.body, series) ?? 0;
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/subjects/00000000-0000-4000-8000-000000000000' });
    const after = await t.app.inject({ method: 'GET', url: METRICS_PATH });
    expect(after.statusCode).toBe(200);
    expect(after.headers['content-type']).toContain('text/plain');
    expect(seriesValue(after.body, series)).toBe(counted + 1);
    expect(after.body).toContain(
      'school_http_request_duration_seconds_bucket{le="0.005",route="GET /api/health"}',
    );
    expect(after.body).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(after.body).toContain('school_db_queue_depth');
    expect(after.body).toContain('school_mail_total{outcome="sent"}');
  });

  it('answers a configured address range', async () => {
    const response = await t.app.inject({ method: 'GET', url: METRICS_PATH, remoteAddress: '10.1.2.3' });
    expect(response.statusCode).toBe(200);
  });

  it('answers 404, as for no such path, from another address without the token or with a wrong one', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: TOKEN },
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: METRICS_PATH,
        remoteAddress: '203.0.113.9',
        headers,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not Found', code: ErrorCode.notFound });
      expect(response.body).not.toContain('school_');
    }
  });

  it('answers any address that brings the bearer token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: METRICS_PATH,
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('school_http_requests_total');
  });
});
