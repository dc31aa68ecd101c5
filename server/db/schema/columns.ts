import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, check, index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { codeValues } from '../../../domain/codes';

/** An instant: `timestamptz`, read as a `Date`. Every time column of the schema is one. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// Shared column builders; Drizzle documents spreading one helper object into several tables.
export const timestamps = {
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
};

/**
 * The change-sequence columns of every replicated table. `seq` is taken from the table's sync scope counter
 * inside the writing transaction (server/db/sequence.ts), never a clock; `deleted` is the soft delete a
 * client that pulls later still receives, so replicated rows are never removed.
 */
export const syncColumns = {
  seq: bigint('seq', { mode: 'number' }).notNull(),
  deleted: boolean('deleted').notNull().default(false),
  ...timestamps,
};

/** A replicated row: a server or client made UUID plus the change-sequence columns. */
export const syncedRowColumns = {
  id: uuid('id').primaryKey().defaultRandom(),
  ...syncColumns,
};

// Every master kind carries the sync sequence and a soft-delete flag, because the browser replicates them
// and a hard delete would never reach a client that pulls after it.
export const masterColumns = {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  ...syncColumns,
};

/** The `(seq, id)` index a pull walks, named after its table. */
export function seqIndex(tableName: string, table: { seq: AnyPgColumn; id: AnyPgColumn }) {
  return index(`${tableName}_seq_id_idx`).on(table.seq, table.id);
}

/**
 * A check that `column` holds one of the codes of a domain code object (null passes: nullability is the
 * column's own matter). The list comes from domain/, so the database and the zod schemas cannot drift.
 */
export function codeCheck(name: string, column: AnyPgColumn, codes: Record<string, string | number>) {
  return check(name, sql`${column} in (${codeList(codes)})`);
}

/** The SQL literal list of a code object's values (numbers bare, strings quoted). */
export function codeList(codes: Record<string, string | number>): SQL {
  const literals = codeValues(codes).map((value) =>
    typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`,
  );
  return sql.raw(literals.join(', '));
}

/** A check that a text column, when set, has at most `max` characters (and, if `required`, one non-blank). */
export function textCheck(name: string, column: AnyPgColumn, max: number, required = false) {
  const within = sql`char_length(${column}) <= ${sql.raw(String(max))}`;
  if (!required) return check(name, within);
  return check(name, sql`${within} and char_length(btrim(${column})) > 0`);
}

/** A check that a numeric column, when set, lies within `[min, max]`. */
export function rangeCheck(name: string, column: AnyPgColumn, min: number, max: number) {
  return check(name, sql`${column} between ${sql.raw(String(min))} and ${sql.raw(String(max))}`);
}
