import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';

/** `count(*) over ()` as node-postgres hands a bigint over: a string, read as a number. */
export const totalColumnSchema = z.coerce.number().int();

/** The paging block of a list answer (SPEC §3 `meta.pagination`) for one page of `count` rows. */
export function paginationOf(count: number, page: number, perPage: number, total: number) {
  const totalPages = Math.ceil(total / perPage);
  return {
    count,
    current_page: page,
    per_page: perPage,
    total,
    total_pages: totalPages,
    links: { next: page < totalPages ? `?page=${page + 1}` : null },
  };
}

/** The condition "`column` contains `text`" (case-insensitive), with `%`, `_` and `\` taken literally. */
export function containsText(column: SQL, text: string): SQL {
  const escaped = text.replace(/[\\%_]/g, (char) => `\\${char}`);
  return sql`${column} ilike ${`%${escaped}%`}`;
}
