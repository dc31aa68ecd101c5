import { mkdir } from 'node:fs/promises';
import {
  PGlite,
  type Transaction as PGliteTransaction,
  type QueryOptions,
  types,
} from '@electric-sql/pglite';

/**
 * Creates the embedded database: in `dataDir` (made if missing) or in memory, optionally starting as the dumped
 * data folder `startFrom`; it reads drizzle's text types itself (`readTextTypesOnce`).
 */
export async function createPglite(
  dataDir: string | undefined,
  startFrom: Blob | undefined,
): Promise<PGlite> {
  if (dataDir !== undefined) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir: startFrom });
  readTextTypesOnce(client);
  return client;
}

/**
 * The data folder as a tar at one point between transactions (backups, `npm run backup`): the dump waits for
 * the transactions open when it was asked to end, and those begun after it wait for the dump, so every
 * transaction is wholly in it or wholly out. A checkpoint first writes every committed change into the data
 * files, so the copy opens without replaying the write-ahead log.
 */
export function dumpConsistently(client: PGlite): Promise<Blob> {
  // PGlite's transaction holds its transaction lock throughout (other statements and transactions queue
  // behind it); the dump itself takes only the statement lock, free between this transaction's statements.
  return client.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    return client.dumpDataDir('none');
  });
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

/** Whether `options` asks for parsers beyond the ones every statement already gets (`readTextTypesOnce`). */
export function asksOwnParsers(options: QueryOptions | undefined): boolean {
  if (!options?.parsers) return false;
  return !Object.keys(options.parsers).every((oid) => DRIZZLE_TEXT_TYPES.has(Number(oid)));
}

/** `options` without a `parsers` that only asks for what the instance already does (`readTextTypesOnce`). */
function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers || asksOwnParsers(options)) return options;
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
