import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import { holdDataFolder } from './data-folder';
import { createLoadMeter, type DatabaseLoad } from './load';
import { createPglite, dumpConsistently } from './pglite';
import { openPgliteThread } from './pglite-thread';
import * as schema from './schema';

/** The database as services see it: the same type on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open transaction of `Database`. */
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  typeof schema,
  ExtractTablesWithRelations<typeof schema>
>;

/** Anything queries can run on: the database or a transaction. */
export type Executor = Database | Transaction;

type PgliteConfig = Extract<DatabaseConfig, { kind: 'pglite' }>;

/** An open database with its lifecycle. */
export interface DatabaseHandle {
  db: Database;
  kind: DatabaseConfig['kind'];
  /**
   * Runs `work` while holding the startup lock, so several instances starting on one PostgreSQL never
   * migrate or seed at the same time. PGlite has one process, so there it simply runs.
   */
  withStartupLock<T>(work: (db: Database) => Promise<T>): Promise<T>;
  /** Applies the generated migrations; call it inside `withStartupLock`. */
  migrate(): Promise<void>;
  /**
   * What waits for the database or runs on it now, and its busy time: PGlite on its own thread counts its
   * asks, PostgreSQL its pool's connections in use and callers waiting for one. PGlite on the server's own
   * thread (tests, tools) runs on the event loop, whose load is the event loop's: it reports nothing.
   */
  load(): DatabaseLoad;
  close(): Promise<void>;
}

// Resolved from this file, not the working directory, so `npx tsx server/main.ts` works from anywhere.
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The migrations this build ships, as drizzle's migrator reads them (`when` of the journal is the
 * `created_at` it records for each one applied). Read once: the folder is part of the build.
 */
export const shippedMigrations: () => readonly { createdAt: number }[] = (() => {
  let read: { createdAt: number }[] | undefined;
  return () => {
    read ??= readMigrationFiles({ migrationsFolder }).map((migration) => ({
      createdAt: migration.folderMillis,
    }));
    return read;
  };
})();

// Any constant works; it only has to be the same in every instance of this app.
const STARTUP_LOCK_KEY = 7_345_021;

/** Opens PGlite (folder or memory) or a PostgreSQL pool as described by `config`. */
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.kind === 'pglite') return openPglite(config);
  return openPostgres(config.url);
}

async function openPglite({ dataDir, startFrom, ownThread }: PgliteConfig): Promise<DatabaseHandle> {
  // One process at a time opens a data folder, and it answers `npm run backup` (server/db/data-folder.ts).
  const hold = dataDir === undefined ? undefined : await holdDataFolder(dataDir);
  const client = await (ownThread
    ? openPgliteThread(dataDir, startFrom)
    : createPglite(dataDir, startFrom)
  ).catch(async (error: unknown) => {
    await hold?.close();
    throw error;
  });
  // The thread's dump is `dumpConsistently` too: one point between transactions.
  hold?.serveBackups(() => (client instanceof PGlite ? dumpConsistently(client) : client.dumpDataDir()));
  // drizzle uses only `query` and `transaction` of its client, which the thread's stand-in answers as PGlite does.
  const db = drizzlePglite({ client: client as PGlite, schema });
  return {
    db,
    kind: 'pglite',
    withStartupLock: (work) => work(db),
    migrate: () => migratePglite(db, { migrationsFolder }),
    load: () => ('load' in client ? client.load() : { queued: 0, busySeconds: 0 }),
    async close() {
      await client.close();
      await hold?.close();
    },
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  // JIT off (docs/morning.md): the app's statements are short, and where the planner overestimates a scope
  // (no statistics yet, or stale ones) PostgreSQL compiled a teacher's schedules pull for 248 of its 268 ms.
  const pool = new pg.Pool({ connectionString: url, options: '-c jit=off' });
  const close = closePoolFully(pool);
  // A connection in use counts from checkout to release; callers waiting for one are the pool's own count.
  const meter = createLoadMeter();
  const inUse = new Map<pg.PoolClient, () => void>();
  pool.on('acquire', (client) => inUse.set(client, meter.begin()));
  pool.on('release', (_error, client) => {
    inUse.get(client)?.();
    inUse.delete(client);
  });
  const db = drizzlePg({ client: pool, schema });
  // Fail fast at startup with the driver's message instead of on the first request.
  const probe = await pool.connect();
  probe.release();

  async function withStartupLock<T>(work: (locked: Database) => Promise<T>): Promise<T> {
    const connection = await pool.connect();
    try {
      await connection.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
      return await work(drizzlePg({ client: connection, schema }));
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
      connection.release();
    }
  }

  return {
    db,
    kind: 'postgres',
    withStartupLock,
    migrate: () => migratePg(db, { migrationsFolder }),
    load: () => {
      const { queued, busySeconds } = meter.read();
      return { queued: queued + pool.waitingCount, busySeconds };
    },
    close,
  };
}

/**
 * Returns a close function for `pool` that resolves only once every connection has really ended.
 * `pool.end()` alone resolves as soon as it has asked its clients to end, so a database dropped (or a
 * server stopped) right after could still kill a connection mid-goodbye and raise an unhandled error.
 */
export function closePoolFully(pool: pg.Pool): () => Promise<void> {
  const open = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    open.add(client);
    client.once('end', () => open.delete(client));
  });
  return async () => {
    const ended = [...open].map((client) => new Promise<void>((resolve) => client.once('end', resolve)));
    await pool.end();
    await Promise.all(ended);
  };
}
