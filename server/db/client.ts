import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  PGlite,
  type Transaction as PGliteTransaction,
  type QueryOptions,
  types,
} from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
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
  if (config.kind === 'pglite') return openPglite(config.dataDir, config.startFrom);
  return openPostgres(config.url);
}

async function openPglite(dataDir: string | undefined, startFrom: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir !== undefined) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir: startFrom });
  readTextTypesOnce(client);
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    withStartupLock: (work) => work(db),
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * The types drizzle reads as PostgreSQL's own text (timestamps, dates, intervals, and the arrays of those and
 * of numerics), as it asks PGlite on every statement (`pglite/session.js`).
 */
export const DRIZZLE_TEXT_TYPES: ReadonlySet<number> = new Set([
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
]);

const asText = (value: string) => value;

/** `options` without a `parsers` that only asks for what the instance already does (`readTextTypesOnce`). */
function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  if (!Object.keys(options.parsers).every((oid) => DRIZZLE_TEXT_TYPES.has(Number(oid)))) return options;
  const { parsers: _, ...rest } = options;
  return rest;
}

/**
 * Makes PGlite read `DRIZZLE_TEXT_TYPES` as text itself, and drops drizzle's per-statement `parsers` option
 * asking for just that. Given that option, PGlite copies its whole table of ~370 parsers for the one
 * statement and reads every value through the copy: about 0.25 ms a statement, as much as a simple query
 * itself (issue #23: a third of a save's time under load). The values read are the same.
 */
export function readTextTypesOnce(client: PGlite): void {
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText;
  const query = client.query.bind(client);
  client.query = (text, params, options) => query(text, params, withoutTextParsers(options));
  const transaction = client.transaction.bind(client);
  client.transaction = (work) => transaction((tx) => work(leanTransaction(tx)));
}

/** A PGlite transaction whose `query` drops drizzle's text parsers (see `readTextTypesOnce`). */
function leanTransaction(tx: PGliteTransaction): PGliteTransaction {
  const lean: PGliteTransaction = Object.create(tx);
  lean.query = (text, params, options) => tx.query(text, params, withoutTextParsers(options));
  return lean;
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
