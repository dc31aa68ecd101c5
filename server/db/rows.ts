import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from './client';

/**
 * Runs a raw query and checks its rows with `row`. PGlite and node-postgres both answer `{ rows }`, but
 * the generic database type cannot know the row shape, so it is narrowed here like any outside data.
 */
export async function queryRows<Row>(db: Executor, query: SQL, row: z.ZodType<Row>): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return z.object({ rows: z.array(row) }).parse(result).rows;
}

/**
 * Rows per multi-row insert: a statement carries at most 65,535 parameters, so a large batch (a full sticky
 * refresh of a big school makes thousands of cards) is written in slices of this many rows.
 */
export const INSERT_SLICE_ROWS = 1000;

/** `items` in consecutive slices of at most `size`. */
export function slices<T>(items: readonly T[], size = INSERT_SLICE_ROWS): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** A comma-separated SQL list of bound values, for `in (...)`; callers guard against an empty list. */
export function inList(values: readonly unknown[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** Text made literal inside a `like` pattern: `%`, `_` and the escape character itself. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}
