import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../db/client';
import { queryRows } from '../db/rows';

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
 * Holds a row id for the rest of the transaction, whether or not the row exists yet. Row locks cannot hold a
 * row that does not exist: two pushes creating the same natural key at once (a replay racing its original)
 * would both insert and one would fail. With this lock the second waits and then sees the first one's row.
 */
export async function lockRowId(db: Executor, id: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${id}, 0))`);
}

/**
 * The server's state of a pushed class-work row (attendance, score), held for the push: its id is locked
 * first (`lockRowId`), then the row read `for update` through `select`, whose row alias is `a`.
 */
export async function lockedRow<Row, Doc>(
  db: Executor,
  select: SQL,
  id: string,
  row: z.ZodType<Row>,
  toDoc: (row: Row) => Doc,
): Promise<Doc | null> {
  await lockRowId(db, id);
  const [found] = await queryRows(db, sql`${select} where a.id = ${id} for update`, row);
  return found ? toDoc(found) : null;
}
