import { and, count, eq } from 'drizzle-orm';
import {
  MASTER_SETTING_SEGMENTS,
  type MasterKind,
  type MasterSettingSegment,
  YEAR_CODE_COLORS,
} from '../../../domain/master';
import type { MasterSettingWriteFor } from '../../../domain/master-setting';
import type { Transaction } from '../../db/client';
import {
  classNames,
  examNames,
  faculties,
  rooms,
  subjectNames,
  universities,
  yearCodes,
} from '../../db/schema';

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
  kind: MasterKind;
  references(input: Input): MasterReference[];
  /** Inserts a row and returns its id. */
  insert(tx: Transaction, input: Input, stamp: WriteStamp): Promise<string>;
  /** Updates a live row; false when there is none with that id. Absent optional fields are kept. */
  update(tx: Transaction, id: string, input: Input, stamp: WriteStamp): Promise<boolean>;
}

type Writers = { [S in MasterSettingSegment]: SegmentWriter<MasterSettingWriteFor<S>> };

function ref(field: string, kind: MasterKind, id: string | null | undefined): MasterReference[] {
  return id ? [{ field, kind, id }] : [];
}

async function insertedId(rows: Promise<{ id: string }[]>): Promise<string> {
  const [row] = await rows;
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

async function updatedAny(rows: Promise<{ id: string }[]>): Promise<boolean> {
  return (await rows).length > 0;
}

// A new year code takes the next palette colour, so neighbours in a list differ without the admin choosing.
async function nextYearCodeColor(tx: Transaction): Promise<string> {
  const [row] = await tx.select({ total: count() }).from(yearCodes);
  return YEAR_CODE_COLORS[(row?.total ?? 0) % YEAR_CODE_COLORS.length] ?? YEAR_CODE_COLORS[0];
}

/** The writer of every master-setting segment. */
export const SEGMENT_WRITERS: Writers = {
  universities: {
    kind: MASTER_SETTING_SEGMENTS.universities,
    references: () => [],
    insert: (tx, input, { seq, now }) =>
      insertedId(
        tx
          .insert(universities)
          .values({ name: input.name, seq, createdAt: now, updatedAt: now })
          .returning({ id: universities.id }),
      ),
    update: (tx, id, input, { seq, now }) =>
      updatedAny(
        tx
          .update(universities)
          .set({ name: input.name, seq, updatedAt: now })
          .where(and(eq(universities.id, id), eq(universities.deleted, false)))
          .returning({ id: universities.id }),
      ),
  },
  faculties: {
    kind: MASTER_SETTING_SEGMENTS.faculties,
    references: (input) => ref('university_id', 'universities', input.university_id),
    insert: (tx, input, { seq, now }) =>
      insertedId(
        tx
          .insert(faculties)
          .values({
            name: input.name,
            universityId: input.university_id,
            seq,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: faculties.id }),
      ),
    update: (tx, id, input, { seq, now }) =>
      updatedAny(
        tx
          .update(faculties)
          .set({ name: input.name, universityId: input.university_id, seq, updatedAt: now })
          .where(and(eq(faculties.id, id), eq(faculties.deleted, false)))
          .returning({ id: faculties.id }),
      ),
  },
  'year-codes': {
    kind: MASTER_SETTING_SEGMENTS['year-codes'],
    references: (input) => [
      ...ref('university_id', 'universities', input.university_id),
      ...ref('faculty_id', 'faculties', input.faculty_id),
    ],
    insert: async (tx, input, { seq, now }) =>
      insertedId(
        tx
          .insert(yearCodes)
          .values({
            name: input.name,
            universityId: input.university_id,
            facultyId: input.faculty_id,
            color: input.color ?? (await nextYearCodeColor(tx)),
            seq,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: yearCodes.id }),
      ),
    update: (tx, id, input, { seq, now }) =>
      updatedAny(
        tx
          .update(yearCodes)
          .set({
            name: input.name,
            universityId: input.university_id,
            facultyId: input.faculty_id,
            ...(input.color === undefined ? {} : { color: input.color }),
            seq,
            updatedAt: now,
          })
          .where(and(eq(yearCodes.id, id), eq(yearCodes.deleted, false)))
          .returning({ id: yearCodes.id }),
      ),
  },
  classes: {
    kind: MASTER_SETTING_SEGMENTS.classes,
    references: (input) => ref('university_id', 'universities', input.university_id),
    insert: (tx, input, { seq, now }) =>
      insertedId(
        tx
          .insert(classNames)
          .values({
            name: input.name,
            universityId: input.university_id ?? null,
            seq,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: classNames.id }),
      ),
    update: (tx, id, input, { seq, now }) =>
      updatedAny(
        tx
          .update(classNames)
          .set({
            name: input.name,
            ...(input.university_id === undefined ? {} : { universityId: input.university_id }),
            seq,
            updatedAt: now,
          })
          .where(and(eq(classNames.id, id), eq(classNames.deleted, false)))
          .returning({ id: classNames.id }),
      ),
  },
  exams: {
    kind: MASTER_SETTING_SEGMENTS.exams,
    references: (input) => ref('subject_name_id', 'subjectNames', input.subject_name_id),
    insert: (tx, input, { seq, now }) =>
      insertedId(
        tx
          .insert(examNames)
          .values({
            name: input.name,
            subjectNameId: input.subject_name_id,
            seq,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: examNames.id }),
      ),
    update: (tx, id, input, { seq, now }) =>
      updatedAny(
        tx
          .update(examNames)
          .set({ name: input.name, subjectNameId: input.subject_name_id, seq, updatedAt: now })
          .where(and(eq(examNames.id, id), eq(examNames.deleted, false)))
          .returning({ id: examNames.id }),
      ),
  },
  rooms: {
    kind: MASTER_SETTING_SEGMENTS.rooms,
    references: (input) => ref('university_id', 'universities', input.university_id),
    insert: (tx, input, { seq, now }) =>
      insertedId(
        tx
          .insert(rooms)
          .values({
            name: input.name,
            universityId: input.university_id,
            seq,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: rooms.id }),
      ),
    update: (tx, id, input, { seq, now }) =>
      updatedAny(
        tx
          .update(rooms)
          .set({ name: input.name, universityId: input.university_id, seq, updatedAt: now })
          .where(and(eq(rooms.id, id), eq(rooms.deleted, false)))
          .returning({ id: rooms.id }),
      ),
  },
  subjects: {
    kind: MASTER_SETTING_SEGMENTS.subjects,
    references: () => [],
    insert: (tx, input, { seq, now }) =>
      insertedId(
        tx
          .insert(subjectNames)
          .values({ name: input.name, seq, createdAt: now, updatedAt: now })
          .returning({ id: subjectNames.id }),
      ),
    update: (tx, id, input, { seq, now }) =>
      updatedAny(
        tx
          .update(subjectNames)
          .set({ name: input.name, seq, updatedAt: now })
          .where(and(eq(subjectNames.id, id), eq(subjectNames.deleted, false)))
          .returning({ id: subjectNames.id }),
      ),
  },
};
