import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import { createPglite } from './pglite';
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
  close(): Promise<void>;
}

// Resolved from this file, not the working directory, so `npx tsx server/main.ts` works from anywhere.
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any constant works; it only has to be the same in every instance of this app.
const STARTUP_LOCK_KEY = 7_345_021;

/** Opens PGlite (folder or memory) or a PostgreSQL pool as described by `config`. */
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.kind === 'pglite') return openPglite(config);
  return openPostgres(config.url);
}

async function openPglite({ dataDir, startFrom, ownThread }: PgliteConfig): Promise<DatabaseHandle> {
  const client = ownThread
    ? await openPgliteThread(dataDir, startFrom)
    : await createPglite(dataDir, startFrom);
  // drizzle uses only `query` and `transaction` of its client, which the thread's stand-in answers as PGlite does.
  const db = drizzlePglite({ client: client as PGlite, schema });
  return {
    db,
    kind: 'pglite',
    withStartupLock: (work) => work(db),
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url });
  const close = closePoolFully(pool);
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
