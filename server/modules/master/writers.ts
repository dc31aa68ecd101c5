import { and, count, eq } from 'drizzle-orm';
import { MASTER_SETTING_SEGMENTS, type MasterSettingSegment, YEAR_CODE_COLORS } from '../../../domain/master';
import type { MasterKind, MasterSettingTab } from '../../../domain/master-kind';
import type { MasterSettingWriteFor } from '../../../domain/schemas/master-setting';
import type { Transaction } from '../../db/client';
import { yearCodes } from '../../db/schema';
import { MASTER_TABLES } from './kinds';

/** The sequence and time a write stamps on its row. */
export interface WriteStamp {
  seq: number;
  now: Date;
}

/** A row another master row points at; it must exist and not be deleted. */
export interface MasterReference {
  field: string;
  kind: MasterKind;
  id: string;
}

/** How one master-setting segment writes its table; the generic service does the rest. */
export interface SegmentWriter<Input> {
  kind: MasterSettingTab;
  references(input: Input): MasterReference[];
  /** Inserts a row and returns its id. */
  insert(tx: Transaction, input: Input, stamp: WriteStamp): Promise<string>;
  /** Updates a live row; false when there is none with that id. Absent optional fields are kept. */
  update(tx: Transaction, id: string, input: Input, stamp: WriteStamp): Promise<boolean>;
}

type Writers = { [S in MasterSettingSegment]: SegmentWriter<MasterSettingWriteFor<S>> };

/** The columns of a segment's row taken from its input; an `undefined` column is left as it is. */
type Columns = Record<string, string | null | undefined>;

interface SegmentColumns<Input> {
  kind: MasterSettingTab;
  references?(input: Input): MasterReference[];
  columns(input: Input): Columns;
  /** Values a new row takes where the input leaves a column out. */
  insertDefaults?(tx: Transaction): Promise<Columns>;
}

function ref(field: string, kind: MasterKind, id: string | null | undefined): MasterReference[] {
  return id ? [{ field, kind, id }] : [];
}

function definedOnly(columns: Columns): Columns {
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/** One writer for every master table: they share id, name, seq, deleted and the timestamps. */
function segmentWriter<Input>(segment: SegmentColumns<Input>): SegmentWriter<Input> {
  const { table } = MASTER_TABLES[segment.kind];
  return {
    kind: segment.kind,
    references: (input) => segment.references?.(input) ?? [],
    async insert(tx, input, { seq, now }) {
      const defaults = (await segment.insertDefaults?.(tx)) ?? {};
      const values = {
        ...defaults,
        ...definedOnly(segment.columns(input)),
        seq,
        createdAt: now,
        updatedAt: now,
      };
      // The union of master tables has no common insert type; the columns come from the segment's own table.
      const [row] = await tx
        .insert(table)
        .values(values as typeof table.$inferInsert)
        .returning({ id: table.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },
    async update(tx, id, input, { seq, now }) {
      const rows = await tx
        .update(table)
        .set({ ...definedOnly(segment.columns(input)), seq, updatedAt: now })
        .where(and(eq(table.id, id), eq(table.deleted, false)))
        .returning({ id: table.id });
      return rows.length > 0;
    },
  };
}

// A new year code takes the next palette colour, so neighbours in a list differ without the admin choosing.
async function nextYearCodeColor(tx: Transaction): Promise<Columns> {
  const [row] = await tx.select({ total: count() }).from(yearCodes);
  return { color: YEAR_CODE_COLORS[(row?.total ?? 0) % YEAR_CODE_COLORS.length] ?? YEAR_CODE_COLORS[0] };
}

/** The writer of every master-setting segment. */
export const SEGMENT_WRITERS: Writers = {
  universities: segmentWriter({
    kind: MASTER_SETTING_SEGMENTS.universities,
    columns: (input) => ({ name: input.name }),
  }),
  faculties: segmentWriter({
    kind: MASTER_SETTING_SEGMENTS.faculties,
    references: (input) => ref('university_id', 'universities', input.university_id),
    columns: (input) => ({ name: input.name, universityId: input.university_id }),
  }),
  'year-codes': segmentWriter({
    kind: MASTER_SETTING_SEGMENTS['year-codes'],
    references: (input) => [
      ...ref('university_id', 'universities', input.university_id),
      ...ref('faculty_id', 'faculties', input.faculty_id),
    ],
    columns: (input) => ({
      name: input.name,
      universityId: input.university_id,
      facultyId: input.faculty_id,
      color: input.color,
    }),
    insertDefaults: nextYearCodeColor,
  }),
  classes: segmentWriter({
    kind: MASTER_SETTING_SEGMENTS.classes,
    references: (input) => ref('university_id', 'universities', input.university_id),
    columns: (input) => ({ name: input.name, universityId: input.university_id }),
  }),
  exams: segmentWriter({
    kind: MASTER_SETTING_SEGMENTS.exams,
    references: (input) => ref('subject_name_id', 'subjectNames', input.subject_name_id),
    columns: (input) => ({ name: input.name, subjectNameId: input.subject_name_id }),
  }),
  rooms: segmentWriter({
    kind: MASTER_SETTING_SEGMENTS.rooms,
    references: (input) => ref('university_id', 'universities', input.university_id),
    columns: (input) => ({ name: input.name, universityId: input.university_id }),
  }),
  subjects: segmentWriter({
    kind: MASTER_SETTING_SEGMENTS.subjects,
    columns: (input) => ({ name: input.name }),
  }),
};
