import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { AccountRole } from '../domain/roles';
import { type SyncCheckpoint, type SyncCollection, syncPullResponseSchema } from '../domain/sync';
import type { SyncedDoc } from '../domain/sync-merge';
import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { syncCollections } from '../server/modules/collections';
import {
  pullCollection,
  pullCollectionJson,
  type SyncActor,
  type SyncCollectionDef,
} from '../server/sync/engine';
import { within } from './bounded';
import { seed } from './sync-figures';

// `npx tsx bench/pull-pages.ts [collection…]`: issue 45, pages/s per core of a pull, before and after the page
// is built by the database. "Before" is what the pull call did for a collection shaped in JavaScript: the
// rows read into JavaScript, `toDoc`, the call's response check and the serializer's JSON; "after" is
// `pullCollectionJson`, the page as the database writes it. Both run in this process on the same PGlite
// (in-process, so the database's work is this process's CPU too), the admin walking their whole scope page by
// page. Pages per CPU second is pages/s on one core; wall figures depend on the machine's other load. Prints
// figures; asserts nothing. BENCH_SYNC_DATA_DIR keeps the seeded school (seeded there when it holds none).

const PAGE = Number(process.env.BENCH_PAGE ?? 1000);
const SECONDS = Number(process.env.BENCH_PAGES_SECONDS ?? 8);
const ADMIN = 'admin@demo.test';

interface Figures {
  pages: number;
  docs: number;
  wallMs: number;
  cpuMs: number;
}

/** Runs `pull` page after page through the admin's scope, starting over at its end, for `SECONDS`. */
async function walk(
  pull: (from: SyncCheckpoint | null) => Promise<{ count: number; next: SyncCheckpoint | null }>,
) {
  const figures: Figures = { pages: 0, docs: 0, wallMs: 0, cpuMs: 0 };
  const started = performance.now();
  const cpu = process.cpuUsage();
  let from: SyncCheckpoint | null = null;
  while (performance.now() - started < SECONDS * 1000) {
    const page: { count: number; next: SyncCheckpoint | null } = await within(
      `one page of ${PAGE}`,
      60_000,
      pull(from),
    );
    const { count, next } = page;
    figures.pages += 1;
    figures.docs += count;
    from = count < PAGE ? null : next;
  }
  const used = process.cpuUsage(cpu);
  figures.wallMs = performance.now() - started;
  figures.cpuMs = (used.user + used.system) / 1000;
  return figures;
}

function line(label: string, f: Figures): string {
  const perCpu = (f.pages / f.cpuMs) * 1000;
  const perWall = (f.pages / f.wallMs) * 1000;
  return `  ${label.padEnd(30)} ${f.pages.toString().padStart(5)} pages (${(f.docs / f.pages).toFixed(0)} docs each): ${perCpu.toFixed(1)} pages per CPU s, ${perWall.toFixed(1)} pages/s wall, ${(f.cpuMs / f.pages).toFixed(1)} ms CPU a page`;
}

async function benchCollection<Doc extends SyncedDoc, Row>(
  db: Parameters<typeof pullCollection>[0],
  def: SyncCollectionDef<Doc, Row>,
  admin: SyncActor,
): Promise<void> {
  const response = syncPullResponseSchema(def.docSchema);
  const shaped = () =>
    walk(async (from) => {
      const page = await pullCollection(db, def, admin, from, PAGE);
      // What the call did with a shaped page: its response check, then the serializer.
      const text = JSON.stringify(response.parse(page));
      if (text.length === 0) throw new Error('empty answer');
      return { count: page.documents.length, next: page.checkpoint };
    });
  const built = () =>
    walk(async (from) => {
      const page = await pullCollectionJson(db, def, admin, from, PAGE);
      // The answer ends with its checkpoint (no count asked): read that alone, as a client's next ask would.
      const tail = page.text.slice(page.text.lastIndexOf(',"checkpoint":') + ',"checkpoint":'.length, -1);
      const checkpoint = JSON.parse(tail) as SyncCheckpoint | null;
      return { count: page.count, next: checkpoint };
    });
  // Once each to warm up (plans, JIT), then measured.
  await pullCollection(db, def, admin, null, PAGE);
  if (def.docJson) await pullCollectionJson(db, def, admin, null, PAGE);
  console.log(`${def.name}: the admin's whole scope, pages of ${PAGE}`);
  console.log(line('before: toDoc, check, stringify', await shaped()));
  if (def.docJson) console.log(line('after: built by the database', await built()));
  else console.log('  after: this collection has no database-built page');
}

async function main(): Promise<void> {
  const names = (process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['requests']) as SyncCollection[];
  const scale = Number(process.env.BENCH_SYNC_SCALE ?? 1);
  const reuse = process.env.BENCH_SYNC_DATA_DIR;
  const dataDir = reuse ?? mkdtempSync(path.join(os.tmpdir(), 'school-bench-pages-'));
  try {
    if (!existsSync(path.join(dataDir, 'pglite')))
      console.log(`seed scale ${scale} on PGlite: ${((await seed(dataDir, scale)) / 1000).toFixed(1)} s`);
    const handle = await within(
      'the seeded database to open',
      300_000,
      openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }),
    );
    try {
      const [row] = await handle.db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(eq(users.email, ADMIN));
      if (!row) throw new Error(`no ${ADMIN} in the seeded school`);
      const admin: SyncActor = { id: row.id, role: row.role as AccountRole };
      for (const name of names) {
        await syncCollections[name].use((def) => benchCollection(handle.db, def, admin));
      }
    } finally {
      await handle.close();
    }
  } finally {
    if (!reuse) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
