import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { RequestStatus } from '../domain/request-status';
import { RequestOption, RequestType } from '../domain/requests';
import { openDatabase } from '../server/db/client';
import { queryRows } from '../server/db/rows';
import { ms, percentile, signIn, startServer } from './server-process';
import { seed } from './sync-figures';

const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-2026';
const RUNS = 200;

const countSchema = z.object({ total: z.coerce.number() });

/**
 * Gives every seat of the seeded school (class student) one request, so the search runs over a request per
 * student and class (a busy term); answers how many requests the school then holds.
 */
async function fillRequests(dataDir: string): Promise<number> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    await database.db.execute(sql`insert into requests (subject_id, university_id, student_id, class_id, type,
        status, option, content, seq)
      select cs.subject_id, cs.university_id, cs.student_id, cs.class_id, ${RequestType.other},
        ${RequestStatus.requesting}, ${RequestOption.other}, '相談があります ' || cs.id::text, 1
      from class_students cs where not cs.deleted`);
    const [row] = await queryRows(database.db, sql`select count(*) as total from requests`, countSchema);
    return row?.total ?? 0;
  } finally {
    await database.close();
  }
}

/**
 * Issue 20: `GET /api/requests/search` as an admin (every request of the school) at scale 10: the first page,
 * a status tab, and a text search, p50 and p95 over 200 calls each. `BENCH_SYNC_SCALE` picks the scale.
 */
export async function benchRequestsSearch(): Promise<void> {
  const scale = Number(process.env.BENCH_SYNC_SCALE ?? 10);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'school-bench-requests-'));
  try {
    console.log(`seed scale ${scale} on PGlite: ${ms(await seed(dataDir, scale))}`);
    const total = await fillRequests(dataDir);
    const server = await startServer(Number(process.env.BENCH_PORT ?? 3090) + 3, {}, { dataDir });
    try {
      const admin = await signIn(server, 'admin@demo.test', PASSWORD);
      console.log(`requests in the school: ${total}\n`);
      console.log('| search | p50 | p95 |\n|---|---|---|');
      for (const [name, query] of [
        ['first page (requesting tab)', 'status=1'],
        ['approved tab, oldest first', 'status=2&sortType=asc'],
        ['text search', 'param=%E7%9B%B8%E8%AB%87&page=3'],
      ] as const) {
        const times: number[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          const started = performance.now();
          const answer = await fetch(`${server.baseUrl}/api/requests/search?${query}`, {
            headers: { cookie: admin.cookie },
          });
          if (!answer.ok) throw new Error(`search answered ${answer.status}`);
          await answer.json();
          times.push(performance.now() - started);
        }
        console.log(`| ${name} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} |`);
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
