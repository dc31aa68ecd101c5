import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { FieldError } from '../../../domain/errors';
import { Role } from '../../../domain/roles';
import { SyncCollection } from '../../../domain/sync';
import { teacherActiveOn } from '../../../domain/validation';
import { ValidationCode } from '../../../domain/validation-codes';
import type { Transaction } from '../../db/client';
import { inList, queryRows } from '../../db/rows';
import type { AppDeps } from '../../deps';
import { validationFailed } from '../../http-error';
import type { StampedOutcome } from '../../sync/stamped-write';
import { writeStamped } from '../../sync/stamped-write';

// What every write of the subject and lesson screens shares: the transaction that stamps and announces the
// rows, the checks of referenced master rows and teachers, and the soft delete of a subject's rows.

/** The collections a subject or lesson write changes on devices. */
const SUBJECT_COLLECTIONS = [
  SyncCollection.subjects,
  SyncCollection.lessons,
  SyncCollection.schedules,
] as const;

/** What a write of a subject's rows needs: the database, the change feed and the sticky-card refresh. */
export type SubjectWriteDeps = Pick<AppDeps, 'db' | 'feed' | 'cardRefresh'>;

/**
 * Runs a write of a subject's rows in one transaction with its sequence, then tells every device that the
 * subjects, lessons and schedules collections changed (each pull filters by its own scope) and asks the
 * dashboard cards of the subject to refresh. A refused request throws inside and changes nothing.
 */
export async function writeSubjectRows<T extends { subjectId: string }>(
  deps: SubjectWriteDeps,
  work: (tx: Transaction, seq: number) => Promise<T>,
  collections: readonly SyncCollection[] = SUBJECT_COLLECTIONS,
): Promise<T> {
  const result = await writeStamped(
    deps,
    collections,
    async (tx, seq): Promise<StampedOutcome<T>> => ({ result: await work(tx, seq), audience: 'all' }),
  );
  deps.cardRefresh.request([result.subjectId]);
  return result;
}

/** Field errors gathered over a whole request, thrown at once so a form can mark every field. */
export class FieldErrors {
  private readonly errors: Record<string, string[]> = {};

  add(field: string, code: string): void {
    this.errors[field] = [...(this.errors[field] ?? []), code];
  }

  has(field: string): boolean {
    return this.errors[field] !== undefined;
  }

  /** Throws the 422 when any error was added. */
  throwIfAny(): void {
    if (Object.keys(this.errors).length > 0) throw validationFailed(this.errors);
  }
}

const teacherRow = z.object({ id: z.string(), retire_at: z.string().nullable() });

/** Staff who may teach (teachers and admins), live, with their retirement day. */
export async function liveTeachers(
  tx: Transaction,
  ids: readonly string[],
): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows(
    tx,
    sql`select id::text as id, retire_at::text as retire_at from users
        where not deleted and role in (${Role.teacher}, ${Role.admin}) and id in (${inList(ids)})`,
    teacherRow,
  );
  return new Map(rows.map((row) => [row.id, row.retire_at]));
}

/** Tables under a subject that a subject's delete marks deleted, children before parents. */
const SUBJECT_CHILD_TABLES = [
  'memo_schedules',
  'memos',
  'plan_notes',
  'notes',
  'plans',
  'results',
  'achievements',
  'attendances',
  'schedule_teachers',
  'schedules',
  'score_names',
  'highlights',
  'lessons',
  'class_students',
  'subject_students',
  'class_teachers',
  'subject_classes',
] as const;

/** Soft-deletes every row under a subject and the subject itself, stamped with `seq`. */
export async function softDeleteSubjectRows(tx: Transaction, subjectId: string, seq: number): Promise<void> {
  for (const table of SUBJECT_CHILD_TABLES) {
    await tx.execute(
      sql`update ${sql.identifier(table)} set deleted = true, seq = ${seq}, updated_at = now()
          where subject_id = ${subjectId} and not deleted`,
    );
  }
  await tx.execute(
    sql`update subjects set deleted = true, seq = ${seq}, updated_at = now() where id = ${subjectId}`,
  );
}

/** The collections a subject's delete changes: everything that hangs under a subject. */
export const SUBJECT_DELETE_COLLECTIONS: readonly SyncCollection[] = [
  ...SUBJECT_COLLECTIONS,
  SyncCollection.notes,
  SyncCollection.attendance,
  SyncCollection.achievements,
];

/** `invalid` on a field (an unknown, deleted or foreign reference). */
export const INVALID = FieldError.invalid;

/**
 * Sets the teachers of a class (`class_teachers`) or a sitting (`schedule_teachers`): the listed ones are in
 * charge (a former assignment is revived, the pair being unique), the others taken off.
 */
export async function setAssignedTeachers(
  tx: Transaction,
  seq: number,
  table: 'class_teachers' | 'schedule_teachers',
  place: { subjectId: string; universityId: string; ownerId: string },
  teacherIds: readonly string[],
): Promise<void> {
  const owner = sql.identifier(table === 'class_teachers' ? 'class_id' : 'schedule_id');
  const target = sql.identifier(table);
  const keep = teacherIds.length === 0 ? sql`true` : sql`teacher_id not in (${inList(teacherIds)})`;
  await tx.execute(
    sql`update ${target} set deleted = true, seq = ${seq}, updated_at = now()
        where ${owner} = ${place.ownerId} and not deleted and ${keep}`,
  );
  for (const teacherId of teacherIds) {
    await tx.execute(
      sql`insert into ${target} (id, subject_id, university_id, ${owner}, teacher_id, seq)
          values (gen_random_uuid(), ${place.subjectId}, ${place.universityId}, ${place.ownerId}, ${teacherId}, ${seq})
          on conflict (${owner}, teacher_id) do update set deleted = false, seq = excluded.seq, updated_at = now()
          where ${target}.deleted`,
    );
  }
}

/**
 * Checks the teachers of one field on a day: each must be live staff (`liveTeachers`), else `invalid`, and
 * not retired on or before the day (SPEC §5), else `teacher_retired`.
 */
export function checkTeachersOn(
  errors: FieldErrors,
  field: string,
  teacherIds: readonly string[],
  teachers: ReadonlyMap<string, string | null>,
  day: string,
): void {
  for (const teacherId of teacherIds) {
    if (!teachers.has(teacherId)) errors.add(field, INVALID);
    else if (
      !teacherActiveOn({ id: teacherId, deactive: { retire_at: teachers.get(teacherId) ?? null } }, day)
    ) {
      errors.add(field, ValidationCode.teacherRetired);
    }
  }
}
