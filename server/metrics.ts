import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseLoad } from './db/load';

/** The route label of an answer that no call of the table made (the SPA's files, the socket, a 404). */
export const OTHER_ROUTE = 'other';

/** What the app counts for Prometheus (`GET /metrics`, server/plugins/metrics.ts). */
export interface AppMetrics {
  /** The registry `/metrics` prints; one per app, so apps built side by side (tests) never share counts. */
  registry: Registry;
  /** One answered request: its call-table key (never the raw URL, whose ids would explode the series). */
  request(route: string, status: number, seconds: number): void;
  /** A request refused with 503 to shed load, by what was over its limit. */
  shed(reason: string): void;
  /** One sync pull of a collection and the rows it answered. */
  syncPull(collection: string, rows: number): void;
  /** One sync push of a collection, the rows it carried and those answered as conflicts. */
  syncPush(collection: string, rows: number, conflicts: number): void;
  /** One mail of the outbox handed to the transport, or refused by it. */
  mail(outcome: 'sent' | 'failed'): void;
  /** Runs one pass of a background job, counting it by outcome and timing it. */
  job<T>(name: string, run: () => Promise<T>): Promise<T>;
}

/** Where the gauges read what they report. */
export interface MetricsSources {
  database(): DatabaseLoad;
  /**
   * The process's own figures (memory, CPU, event loop lag, GC) as prom-client collects them. The server
   * turns them on; tests, which build many apps in one process, leave them off.
   */
  processMetrics?: boolean;
}

// Latency buckets, seconds: a tap's save is tens of milliseconds, a report may take seconds.
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Creates the app's metrics on a registry of their own. */
export function createMetrics(sources: MetricsSources): AppMetrics {
  const registry = new Registry();
  if (sources.processMetrics) collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'school_http_requests_total',
    help: 'Answered requests by call (the call-table key) and status.',
    labelNames: ['route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'school_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by call.',
    labelNames: ['route'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const shed = new Counter({
    name: 'school_load_shed_total',
    help: 'Requests answered 503 to shed load, by what was over its limit.',
    labelNames: ['reason'],
    registers: [registry],
  });
  const pulls = new Counter({
    name: 'school_sync_pulls_total',
    help: 'Sync pulls by collection.',
    labelNames: ['collection'],
    registers: [registry],
  });
  const pulledRows = new Counter({
    name: 'school_sync_pulled_rows_total',
    help: 'Rows answered to sync pulls, by collection.',
    labelNames: ['collection'],
    registers: [registry],
  });
  const pushes = new Counter({
    name: 'school_sync_pushes_total',
    help: 'Sync pushes by collection.',
    labelNames: ['collection'],
    registers: [registry],
  });
  const pushedRows = new Counter({
    name: 'school_sync_pushed_rows_total',
    help: 'Rows sent in sync pushes, by collection.',
    labelNames: ['collection'],
    registers: [registry],
  });
  const conflicts = new Counter({
    name: 'school_sync_push_conflicts_total',
    help: 'Pushed rows answered as conflicts (a newer server row, or refused in-band), by collection.',
    labelNames: ['collection'],
    registers: [registry],
  });
  new Gauge({
    name: 'school_db_queue_depth',
    help: 'Statements and transactions waiting for the database or running on it now.',
    registers: [registry],
    collect() {
      this.set(sources.database().queued);
    },
  });
  let busyReported = 0;
  new Counter({
    name: 'school_db_busy_seconds_total',
    help: 'Seconds during which the database had at least one statement waiting or running.',
    registers: [registry],
    collect() {
      const busy = sources.database().busySeconds;
      if (busy > busyReported) this.inc(busy - busyReported);
      busyReported = Math.max(busyReported, busy);
    },
  });
  const mails = new Counter({
    name: 'school_mail_total',
    help: 'Mails of the outbox handed to the transport (sent) or refused by it (failed; retried later).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  // Both outcomes exist from the start, so a rate over them never reads as "no data".
  mails.inc({ outcome: 'sent' }, 0);
  mails.inc({ outcome: 'failed' }, 0);
  const jobs = new Counter({
    name: 'school_job_runs_total',
    help: 'Passes of background jobs (ranking refresh, sticky refresh, card refresh) by outcome.',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const jobTime = new Histogram({
    name: 'school_job_duration_seconds',
    help: 'Time of one pass of a background job.',
    labelNames: ['job'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  return {
    registry,
    request(route, status, seconds) {
      requests.inc({ route, status: String(status) });
      latency.observe({ route }, seconds);
    },
    shed: (reason) => shed.inc({ reason }),
    syncPull(collection, rows) {
      pulls.inc({ collection });
      pulledRows.inc({ collection }, rows);
    },
    syncPush(collection, rows, conflicted) {
      pushes.inc({ collection });
      pushedRows.inc({ collection }, rows);
      conflicts.inc({ collection }, conflicted);
    },
    mail: (outcome) => mails.inc({ outcome }),
    async job(name, run) {
      const stop = jobTime.startTimer({ job: name });
      try {
        const result = await run();
        jobs.inc({ job: name, outcome: 'ok' });
        return result;
      } catch (error) {
        jobs.inc({ job: name, outcome: 'failed' });
        throw error;
      } finally {
        stop();
      }
    },
  };
}
