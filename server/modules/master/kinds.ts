import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { MasterKind } from '../../../domain/master-kind';
import type { MasterDoc } from '../../../domain/sync-docs';
import { masterKindSchema } from '../../../domain/sync-docs';
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

/** The relation and detail columns a master kind has. */
export type MasterField =
  | 'university_id'
  | 'faculty_id'
  | 'subject_name_id'
  | 'color'
  | 'start_date'
  | 'end_date';

interface KindTable {
  table: MasterTable;
  fields: Partial<Record<MasterField, PgColumn>>;
}

/** Each master kind's table and the optional columns it has. */
export const MASTER_TABLES: Record<MasterKind, KindTable> = {
  universities: { table: universities, fields: {} },
  faculties: { table: faculties, fields: { university_id: faculties.universityId } },
  yearCodes: {
    table: yearCodes,
    fields: {
      university_id: yearCodes.universityId,
      faculty_id: yearCodes.facultyId,
      color: yearCodes.color,
    },
  },
  classNames: { table: classNames, fields: { university_id: classNames.universityId } },
  examNames: { table: examNames, fields: { subject_name_id: examNames.subjectNameId } },
  rooms: { table: rooms, fields: { university_id: rooms.universityId } },
  subjectNames: { table: subjectNames, fields: {} },
  semesters: { table: semesters, fields: { start_date: semesters.startDate, end_date: semesters.endDate } },
};

/** Every master kind, in a stable order. */
export const MASTER_KINDS = masterKindSchema.options;

/** One master row in the common shape all kinds are read in. */
export const masterRowSchema = z.object({
  id: z.string(),
  kind: masterKindSchema,
  name: z.string(),
  university_id: z.string().nullable(),
  faculty_id: z.string().nullable(),
  subject_name_id: z.string().nullable(),
  color: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  // bigint arrives as a string from node-postgres; the sequence stays far below 2^53.
  seq: z.coerce.number().int(),
  deleted: z.boolean(),
});

/** A master row in the common shape. */
export type MasterRow = z.infer<typeof masterRowSchema>;

const FIELD_ORDER: readonly MasterField[] = [
  'university_id',
  'faculty_id',
  'subject_name_id',
  'color',
  'start_date',
  'end_date',
];

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
  return sql`select ${table.id}::text as id, ${kind}::text as kind, ${table.name} as name, ${sql.join(columns, sql`, `)}, ${table.seq} as seq, ${table.deleted} as deleted, ${table.createdAt} as created_at from ${table}`;
}

/** The rows of several kinds as one relation. */
export function masterRowsOfKinds(kinds: readonly MasterKind[]): SQL {
  return sql.join(
    kinds.map((kind) => sql`(${masterRowsOf(kind)})`),
    sql` union all `,
  );
}

/** A row as `/api/sync/master/pull` sends it. */
export function toMasterDoc(row: MasterRow): MasterDoc {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    universityId: row.university_id,
    facultyId: row.faculty_id,
    subjectNameId: row.subject_name_id,
    color: row.color,
    startDate: row.start_date,
    endDate: row.end_date,
    updatedAt: row.seq,
    _deleted: row.deleted,
  };
}

/** A row as `/master-data` and the master-setting calls send it: only the fields its kind has. */
export function toMasterItem(
  row: MasterRow,
): { id: string; name: string } & Partial<Record<MasterField, string | null>> {
  const item: { id: string; name: string } & Partial<Record<MasterField, string | null>> = {
    id: row.id,
    name: row.name,
  };
  for (const field of FIELD_ORDER) {
    if (MASTER_TABLES[row.kind].fields[field]) item[field] = row[field];
  }
  return item;
}
