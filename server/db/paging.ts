import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { pageMeta } from '../../domain/schemas/common';

/** `count(*) over ()` as node-postgres hands a bigint over: a string, read as a number. */
export const totalColumnSchema = z.coerce.number().int();

/** The paging block of a people list (SPEC §3 `meta.pagination`), whose `next` is the next page's query. */
export function paginationOf(count: number, page: number, perPage: number, total: number) {
  return pageMeta(count, page, perPage, total, page * perPage < total ? `?page=${page + 1}` : null);
}

/** The condition "`column` contains `text`" (case-insensitive), with `%`, `_` and `\` taken literally. */
export function containsText(column: SQL, text: string): SQL {
  const escaped = text.replace(/[\\%_]/g, (char) => `\\${char}`);
  return sql`${column} ilike ${`%${escaped}%`}`;
}
