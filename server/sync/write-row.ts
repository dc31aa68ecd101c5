import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../db/client';
import { queryRows } from '../db/rows';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Inserts a row, or updates it when its id exists, writing exactly the given columns; the first pair must be
 * the primary key `id`. Raw SQL so one helper serves every replicated table alike.
 */
export async function upsertRow(
  db: Executor,
  table: PgTable,
  columns: readonly [PgColumn, unknown][],
): Promise<void> {
  const names = columns.map(([column]) => sql.identifier(column.name));
  const values: SQL[] = columns.map(([, value]) => sql`${value}`);
  const updates: SQL[] = columns
    .slice(1)
    .map(([column]) => sql`${sql.identifier(column.name)} = excluded.${sql.identifier(column.name)}`);
  await db.execute(
    sql`insert into ${table} (${sql.join(names, sql`, `)}) values (${sql.join(values, sql`, `)})
        on conflict (id) do update set ${sql.join(updates, sql`, `)}`,
  );
}

/**
 * `upsertRow` of many rows in one statement; every row lists the same columns in the same order, and no id
 * appears twice (one statement cannot update a row twice: the caller keeps the last state of an id).
 */
export async function upsertRows(
  db: Executor,
  table: PgTable,
  rows: readonly (readonly [PgColumn, unknown][])[],
): Promise<void> {
  const [first] = rows;
  if (!first) return;
  const names = first.map(([column]) => sql.identifier(column.name));
  const values: SQL[] = rows.map(
    (columns) =>
      sql`(${sql.join(
        columns.map(([, value]) => sql`${value}`),
        sql`, `,
      )})`,
  );
  const updates: SQL[] = first
    .slice(1)
    .map(([column]) => sql`${sql.identifier(column.name)} = excluded.${sql.identifier(column.name)}`);
  await db.execute(
    sql`insert into ${table} (${sql.join(names, sql`, `)}) values ${sql.join(values, sql`, `)}
        on conflict (id) do update set ${sql.join(updates, sql`, `)}`,
  );
}

/**
 * The server's state of a pushed class-work row (attendance, score), held for the push: its id is locked
 * first, then the row read `for update` through `select`, whose row alias is `a` (`lockedRows` of one id).
 */
export async function lockedRow<Row, Doc extends { id: string }>(
  db: Executor,
  select: SQL,
  id: string,
  row: z.ZodType<Row>,
  toDoc: (row: Row) => Doc,
): Promise<Doc | null> {
  return (await lockedRows(db, select, [id], row, toDoc)).get(id) ?? null;
}

/**
 * `lockedRow` for a whole push. Every id is held for the rest of the transaction in one statement, in sorted
 * order (two pushes sharing rows never wait on each other crosswise), whether or not its row exists yet: row
 * locks cannot hold a row that does not exist, and two pushes creating one natural key at once (a replay
 * racing its original) would both insert. Then the existing rows are read `for update` in one query.
 */
export async function lockedRows<Row, Doc extends { id: string }>(
  db: Executor,
  select: SQL,
  ids: readonly string[],
  row: z.ZodType<Row>,
  toDoc: (row: Row) => Doc,
): Promise<Map<string, Doc>> {
  const found = new Map<string, Doc>();
  const sorted = await holdIds(db, ids);
  if (sorted.length === 0) return found;
  // An id that is no UUID names no row; asking for it would fail the whole batch instead of that row.
  const uuids = sorted.filter((id) => UUID.test(id));
  if (uuids.length === 0) return found;
  const where = sql.join(
    uuids.map((id) => sql`${id}`),
    sql`, `,
  );
  for (const doc of (await queryRows(db, sql`${select} where a.id in (${where}) for update`, row)).map(
    toDoc,
  )) {
    found.set(doc.id, doc);
  }
  return found;
}

/**
 * Holds these ids for the rest of the transaction, in sorted order, whether or not rows exist for them (the
 * first half of `lockedRows`, for a collection whose rows come from several tables). Answers the sorted ids.
 */
export async function holdIds(db: Executor, ids: readonly string[]): Promise<string[]> {
  const sorted = [...new Set(ids)].sort();
  if (sorted.length === 0) return sorted;
  const list = sql.join(
    sorted.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(held.id, 0))
        from (select id from unnest(array[${list}]::text[]) as id order by id) as held`,
  );
  return sorted;
}
