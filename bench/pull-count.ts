import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BenchSession, ms, percentile, signIn, startServer } from './server-process';
import { seed } from './sync-figures';

const RUNS = 10;
const PAGE = 1000;
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-2026';

type PullAnswer = { documents: unknown[]; remaining?: number };

async function timedPull(
  baseUrl: string,
  session: BenchSession,
  collection: string,
  count: boolean,
): Promise<{ ms: number; answer: PullAnswer }> {
  const started = performance.now();
  const response = await fetch(
    `${baseUrl}/api/sync/${collection}/pull?limit=${PAGE}${count ? '&count=1' : ''}`,
    { headers: { cookie: session.cookie } },
  );
  if (!response.ok) throw new Error(`${collection} pull answered ${response.status}`);
  const answer = (await response.json()) as PullAnswer;
  return { ms: performance.now() - started, answer };
}

/**
 * Issue 25 item 6: what the count of a first pull costs (`count=1`: how many rows follow the page). The first
 * page of each large collection, pulled without and with the count, p50 over ten calls, for the admin (the
 * whole school) and a teacher, on the demo school at `BENCH_SYNC_SCALE` (10 by default). The client asks the
 * count once per first pull of a collection.
 */
export async function benchPullCount(): Promise<void> {
  const scale = Number(process.env.BENCH_SYNC_SCALE ?? 10);
  const reuse = process.env.BENCH_SYNC_DATA_DIR;
  const dataDir = reuse ?? mkdtempSync(path.join(os.tmpdir(), 'school-bench-count-'));
  try {
    if (!reuse) console.log(`seed scale ${scale} on PGlite: ${ms(await seed(dataDir, scale))}`);
    const server = await startServer(Number(process.env.BENCH_PORT ?? 3090) + 7, {}, { dataDir });
    try {
      for (const email of ['admin@demo.test', 'teacher@demo.test']) {
        const session = await signIn(server, email, PASSWORD);
        for (const collection of ['attendance', 'achievements', 'subjects', 'people', 'schedules']) {
          const plain: number[] = [];
          const counted: number[] = [];
          let rows = 0;
          for (let run = 0; run < RUNS; run += 1) {
            plain.push((await timedPull(server.baseUrl, session, collection, false)).ms);
            const withCount = await timedPull(server.baseUrl, session, collection, true);
            counted.push(withCount.ms);
            rows = withCount.answer.documents.length + (withCount.answer.remaining ?? 0);
          }
          console.log(
            `${email} ${collection} (${rows} rows): first page of ${PAGE} p50 ${ms(percentile(plain, 50))}, ` +
              `with the count p50 ${ms(percentile(counted, 50))}`,
          );
        }
      }
    } finally {
      await server.stop();
    }
  } finally {
    if (!reuse) rmSync(dataDir, { recursive: true, force: true });
  }
}
