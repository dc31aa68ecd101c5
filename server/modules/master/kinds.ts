import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { MasterKind } from '../../../domain/master-kind';
import { type MasterDoc, masterDocSchema, masterKindSchema } from '../../../domain/sync-docs';
import {
  classNames,
  examNames,
  faculties,
  rooms,
  semesters,
  subjectNames,
  universities,
  yearCodes,
} from '../../db/schema';
import {
  type StoredField,
  SYNC_DOC_FIELDS,
  SYNC_ROW_COLUMNS,
  storedFieldsOf,
  toDocFields,
} from '../../sync/doc-fields';

/** Any master table; they share id, name, seq, deleted and the timestamps. */
export type MasterTable =
  | typeof universities
  | typeof faculties
  | typeof yearCodes
  | typeof classNames
  | typeof examNames
  | typeof rooms
  | typeof subjectNames
  | typeof semesters;

/** The relation and detail fields a master kind may have: the document's fields past its id, kind and name. */
export type MasterField = Exclude<StoredField<MasterDoc>, 'id' | 'kind' | 'name'>;

interface KindTable {
  table: MasterTable;
  fields: Partial<Record<MasterField, PgColumn>>;
}

/** Each master kind's table and the optional columns it has. */
export const MASTER_TABLES: Record<MasterKind, KindTable> = {
  universities: { table: universities, fields: {} },
  faculties: { table: faculties, fields: { universityId: faculties.universityId } },
  yearCodes: {
    table: yearCodes,
    fields: {
      universityId: yearCodes.universityId,
      facultyId: yearCodes.facultyId,
      color: yearCodes.color,
    },
  },
  classNames: { table: classNames, fields: { universityId: classNames.universityId } },
  examNames: { table: examNames, fields: { subjectNameId: examNames.subjectNameId } },
  rooms: { table: rooms, fields: { universityId: rooms.universityId } },
  subjectNames: { table: subjectNames, fields: {} },
  semesters: { table: semesters, fields: { startDate: semesters.startDate, endDate: semesters.endDate } },
};

/** Every master kind, in a stable order. */
export const MASTER_KINDS = masterKindSchema.options;

/**
 * One master row in the common shape all kinds are read in: named after the document's fields (the one field
 * list the sync's page, the push and the REST items share), with its sequence and soft-delete flag. Not
 * strict: the relation also carries `created_at`, for ordering.
 */
export const masterRowSchema = z.object(masterDocSchema.shape).omit(SYNC_DOC_FIELDS).extend(SYNC_ROW_COLUMNS);

/** A master row in the common shape. */
export type MasterRow = z.infer<typeof masterRowSchema>;

/** The detail fields in the document's order. */
const FIELD_ORDER = storedFieldsOf(masterDocSchema).filter(
  (field): field is MasterField => field !== 'id' && field !== 'kind' && field !== 'name',
);

/** The key a detail field has in the REST items (SPEC §3 names them in snake case). */
const REST_KEYS = {
  universityId: 'university_id',
  facultyId: 'faculty_id',
  subjectNameId: 'subject_name_id',
  color: 'color',
  startDate: 'start_date',
  endDate: 'end_date',
} as const satisfies Record<MasterField, string>;

type RestKey = (typeof REST_KEYS)[MasterField];

/**
 * `SELECT` of one kind in the common row shape (plus `created_at` for ordering). Everything is read as text
 * so ids and dates look the same on PGlite and node-postgres (which would turn a date into a local Date).
 */
export function masterRowsOf(kind: MasterKind): SQL {
  const { table, fields } = MASTER_TABLES[kind];
  const columns = FIELD_ORDER.map((field) => {
    const column = fields[field];
    return column
      ? sql`${column}::text as ${sql.identifier(field)}`
      : sql`null::text as ${sql.identifier(field)}`;
  });
  return sql`select ${table.id}::text as "id", ${kind}::text as "kind", ${table.name} as "name", ${sql.join(columns, sql`, `)}, ${table.seq} as seq, ${table.deleted} as deleted, ${table.createdAt} as created_at from ${table}`;
}

/** The rows of several kinds as one relation. */
export function masterRowsOfKinds(kinds: readonly MasterKind[]): SQL {
  return sql.join(
    kinds.map((kind) => sql`(${masterRowsOf(kind)})`),
    sql` union all `,
  );
}

/** A row as `/api/sync/master/pull` sends it. */
export const toMasterDoc = (row: MasterRow): MasterDoc => toDocFields(row);

/** A row as `/master-data` and the master-setting calls send it: only the fields its kind has. */
export function toMasterItem(
  row: MasterRow,
): { id: string; name: string } & Partial<Record<RestKey, string | null>> {
  const item: { id: string; name: string } & Partial<Record<RestKey, string | null>> = {
    id: row.id,
    name: row.name,
  };
  for (const field of FIELD_ORDER) {
    if (MASTER_TABLES[row.kind].fields[field]) item[REST_KEYS[field]] = row[field];
  }
  return item;
}
