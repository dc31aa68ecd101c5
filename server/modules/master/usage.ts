import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { MasterInUseCode } from '../../../domain/master';
import type { MasterKind, MasterSettingTab } from '../../../domain/master-kind';
import type { MasterDoc } from '../../../domain/sync-docs';
import type { Transaction } from '../../db/client';
import { queryRows } from '../../db/rows';
import {
  classNames,
  eventUniversities,
  examNames,
  faculties,
  lessons,
  rooms,
  schedules,
  students,
  subjectClasses,
  subjects,
  userUniversities,
  yearCodes,
} from '../../db/schema';
import { masterRowsOf } from './kinds';

const oneSchema = z.object({ one: z.number() });

/** A column of another table pointing at a master row, with that table's soft-delete flag when it has one. */
interface Usage {
  code: MasterInUseCode;
  column: PgColumn;
  deleted: PgColumn | null;
}

function by(code: MasterInUseCode, column: PgColumn, deleted: PgColumn | null): Usage {
  return { code, column, deleted };
}

/**
 * What uses each master kind, in the order the refusal names them: the closest dependant first (a
 * university's faculties before its students), so the message points at what to clear first.
 */
const USAGES: Record<MasterSettingTab, readonly Usage[]> = {
  universities: [
    by(MasterInUseCode.faculties, faculties.universityId, faculties.deleted),
    by(MasterInUseCode.yearCodes, yearCodes.universityId, yearCodes.deleted),
    by(MasterInUseCode.rooms, rooms.universityId, rooms.deleted),
    by(MasterInUseCode.classNames, classNames.universityId, classNames.deleted),
    by(MasterInUseCode.subjects, subjects.universityId, subjects.deleted),
    by(MasterInUseCode.students, students.universityId, students.deleted),
    by(MasterInUseCode.staff, userUniversities.universityId, userUniversities.deleted),
    // Events are deleted for real, so any link row is a live use.
    by(MasterInUseCode.events, eventUniversities.universityId, null),
  ],
  faculties: [
    by(MasterInUseCode.yearCodes, yearCodes.facultyId, yearCodes.deleted),
    by(MasterInUseCode.subjects, subjects.facultyId, subjects.deleted),
    by(MasterInUseCode.students, students.facultyId, students.deleted),
  ],
  yearCodes: [
    by(MasterInUseCode.students, students.yearCodeId, students.deleted),
    by(MasterInUseCode.subjects, subjects.yearCodeId, subjects.deleted),
  ],
  classNames: [by(MasterInUseCode.classes, subjectClasses.classNameId, subjectClasses.deleted)],
  examNames: [by(MasterInUseCode.exams, lessons.examNameId, lessons.deleted)],
  rooms: [by(MasterInUseCode.sittings, schedules.roomId, schedules.deleted)],
  subjectNames: [
    by(MasterInUseCode.subjects, subjects.subjectNameId, subjects.deleted),
    by(MasterInUseCode.examNames, examNames.subjectNameId, examNames.deleted),
  ],
};

/**
 * What live rows still point at a master row, or null when nothing does (so it may be deleted). Run in the
 * deleting transaction after the kind's lock, so the row is either deleted whole or left as it was.
 */
export async function masterRowUse(
  tx: Transaction,
  kind: MasterSettingTab,
  id: string,
): Promise<MasterInUseCode | null> {
  for (const usage of USAGES[kind]) {
    const live: SQL = usage.deleted ? sql` and not ${usage.deleted}` : sql``;
    const found = await queryRows(
      tx,
      sql`select 1 as one from ${usage.column.table} where ${usage.column} = ${id}${live} limit 1`,
      oneSchema,
    );
    if (found.length > 0) return usage.code;
  }
  return null;
}

/**
 * Serialises the writes of one master kind, so two admins adding the same name at once cannot both pass the
 * duplicate check. Held until the transaction ends.
 */
export async function lockMasterKind(tx: Transaction, kind: MasterKind): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`master:${kind}`}, 0))`);
}

// The name key of domain/names.ts in SQL: NFKC, trimmed, lower-cased.
const nameKey = (column: SQL) => sql`lower(btrim(normalize(${column}, NFKC)))`;

/** The fields of a master row that decide whether its name repeats another's. */
export type NamedMasterRow = Pick<MasterDoc, 'id' | 'name' | 'universityId' | 'facultyId' | 'subjectNameId'>;

/**
 * Whether another live row of the kind has the same name within the row's scope: the same university,
 * faculty and subject name (each null for kinds without it), compared on the name key. The REST calls check
 * the row as stored after their write, so an update that keeps a relation is judged by the kept value; the
 * sync push checks the row it is about to write.
 */
export async function hasDuplicateName(
  tx: Transaction,
  kind: MasterKind,
  row: NamedMasterRow,
): Promise<boolean> {
  const found = await queryRows(
    tx,
    sql`select 1 as one from (${masterRowsOf(kind)}) as other
        where other.id <> ${row.id} and not other.deleted
          and other."universityId" is not distinct from ${row.universityId}::text
          and other."facultyId" is not distinct from ${row.facultyId}::text
          and other."subjectNameId" is not distinct from ${row.subjectNameId}::text
          and ${nameKey(sql`other.name`)} = ${nameKey(sql`${row.name}::text`)}
        limit 1`,
    oneSchema,
  );
  return found.length > 0;
}
