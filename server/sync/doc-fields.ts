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

/**
 * A column read so the document gets the type and text its schema wants: ids as text, small numbers as int,
 * numeric as float8, dates as `YYYY-MM-DD`, times stamped as their JSON text (what `to_json` writes, the
 * form every synced timestamp has always travelled in).
 */
function readColumn(ref: SQL, column: PgColumn): SQL {
  const type = column.getSQLType();
  if (type === 'uuid' || type === 'date') return sql`${ref}::text`;
  if (type === 'smallint') return sql`${ref}::int`;
  if (type.startsWith('numeric')) return sql`${ref}::float8`;
  if (type.startsWith('timestamp')) return sql`to_json(${ref}) #>> '{}'`;
  return ref;
}

/**
 * `<alias>.<column> as "<field>", …` for a table whose drizzle keys are the document's field names: the one
 * list of a document's stored fields as SQL, which the sync's select and a REST read of the same row share.
 */
export function storedFieldColumns<Field extends string>(
  table: PgTable & Record<Field, PgColumn>,
  alias: string,
  fields: readonly Field[],
): SQL {
  const a = sql.identifier(alias);
  const columns = fields.map(
    (field) =>
      sql`${readColumn(sql`${a}.${sql.identifier(table[field].name)}`, table[field])} as ${sql.identifier(field)}`,
  );
  return sql.join(columns, sql`, `);
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
  return sql`select ${storedFieldColumns(table, alias, fields)}, ${a}.${sql.identifier(table.seq.name)} as seq,
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

/**
 * `<expression> as "<field>", …` for every stored field of a document built from more than one column or
 * table (a join, a flag computed from a column): `columns` is its one field list, keyed by the document's
 * fields, so a field added to the schema without its column fails the typecheck. Selected in the schema's
 * order, as `docJsonOf` reads them.
 */
export function docFieldColumns<Shape extends object>(
  schema: { shape: Shape },
  columns: Record<StoredField<Shape>, SQL>,
): SQL {
  return sql.join(
    storedFieldsOf(schema).map((field) => sql`${columns[field]} as ${sql.identifier(field)}`),
    sql`, `,
  );
}

/**
 * A point in time as JavaScript's `toISOString` writes it (UTC, to the millisecond, `Z`): the text a
 * document's time had when the server shaped it from a `Date`.
 */
export function isoTime(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
