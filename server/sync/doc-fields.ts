import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';

/**
 * The columns a derived collection's SQL adds to the document's fields (named after them): the row's
 * sequence and soft-delete flag, which `toDocFields` turns into `updatedAt` and `_deleted`.
 */
export const SYNC_ROW_COLUMNS = { seq: z.coerce.number().int(), deleted: z.boolean() };

/** The document fields a row of a derived collection does not carry under the document's name. */
export const SYNC_DOC_FIELDS = { updatedAt: true, _deleted: true } as const;

/** A row named after its document's fields, as the document. */
export function toDocFields<Fields extends object>({
  seq,
  deleted,
  ...fields
}: Fields & { seq: number; deleted: boolean }) {
  return { ...fields, updatedAt: seq, _deleted: deleted };
}

/** A document field stored in a column of the same name: every field but the sync ones. */
export type StoredField<Doc> = Exclude<keyof Doc & string, keyof typeof SYNC_DOC_FIELDS>;

/**
 * The stored fields of a document schema, in the schema's order (the id first): what a collection whose
 * documents mirror one table selects and writes, so a new field is listed once, in the schema.
 */
export function storedFieldsOf<Shape extends object>(schema: { shape: Shape }): StoredField<Shape>[] {
  // The keys are the schema's own, not outside data: the cast only restores what Object.keys forgets.
  return Object.keys(schema.shape).filter((key) => !(key in SYNC_DOC_FIELDS)) as StoredField<Shape>[];
}

/** How a column is read so the document gets the type its schema wants (ids as text, small numbers as int). */
function readAs(column: PgColumn): SQL {
  const type = column.getSQLType();
  if (type === 'uuid') return sql.raw('::text');
  if (type === 'smallint') return sql.raw('::int');
  return sql``;
}

/**
 * `select <alias>.<column> as "<field>", …, seq, deleted from <table> <alias>` for a table whose drizzle keys
 * are the document's field names: the row the derived row schema (`docSchema.omit(SYNC_DOC_FIELDS)
 * .extend(SYNC_ROW_COLUMNS)`) parses.
 */
export function selectStoredFields<Field extends string>(
  table: PgTable & Record<Field | 'seq' | 'deleted', PgColumn>,
  alias: string,
  fields: readonly Field[],
): SQL {
  const a = sql.identifier(alias);
  const columns = fields.map(
    (field) =>
      sql`${a}.${sql.identifier(table[field].name)}${readAs(table[field])} as ${sql.identifier(field)}`,
  );
  return sql`select ${sql.join(columns, sql`, `)}, ${a}.${sql.identifier(table.seq.name)} as seq,
    ${a}.${sql.identifier(table.deleted.name)} as deleted from ${table} ${a}`;
}

/** The `[column, value]` pairs of a document's stored fields, for `upsertRow`; the id comes first. */
export function storedColumns<Field extends string>(
  table: Record<Field, PgColumn>,
  fields: readonly Field[],
  doc: Record<Field, unknown>,
): [PgColumn, unknown][] {
  return fields.map((field) => [table[field], doc[field]]);
}

/**
 * The document of a derived collection as the database builds it in JSON from a row of `relation` (named
 * after the document's fields, as `selectStoredFields` selects them): every stored field under its own name,
 * the sequence as `updatedAt` and the soft-delete flag as `_deleted`, which is what `toDocFields` gives.
 */
export function docJsonOf<Shape extends object>(schema: { shape: Shape }): (relation: SQL) => SQL {
  const fields = storedFieldsOf(schema);
  return (relation) =>
    sql`json_build_object(${sql.join(
      [
        ...fields.map((field) => sql`${field}::text, ${relation}.${sql.identifier(field)}`),
        sql`'updatedAt', ${relation}.seq`,
        sql`'_deleted', ${relation}.deleted`,
      ],
      sql`, `,
    )})`;
}
