import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../db/client';
import { queryRows } from '../db/rows';
import { forbidden } from '../http-error';
import type { Actor } from './actor';
import { readScope } from './reach';
import { requireSubjectVisible } from './subjects';

const okRow = z.object({ ok: z.number() });

/**
 * The condition "the actor may read this class's work" (its roster with names, marks, scores, comments): the
 * `classWork` rule of docs/access.md, the same reach the attendance and achievement pulls keep. A class names
 * no single student, so a student's own-record reach never opens a whole class.
 */
export function classWorkReadScope(actor: Actor, classId: SQL): SQL {
  return readScope('classWork', actor, { classId, studentId: sql`null::uuid` });
}

/**
 * Answers 404 unless the actor sees the class's subject at all, then 403 unless they may read the class's work
 * (`classWorkReadScope`): a class sheet, its history and its highlighted students.
 */
export async function requireClassWorkRead(
  db: Executor,
  actor: Actor,
  place: { classId: string; subjectId: string },
): Promise<void> {
  await requireSubjectVisible(db, actor, place.subjectId);
  const [row] = await queryRows(
    db,
    sql`select 1 as ok where ${classWorkReadScope(actor, sql`${place.classId}::uuid`)}`,
    okRow,
  );
  if (!row) throw forbidden();
}

/**
 * The condition "the actor's reports count this class" (`classReport` in docs/access.md): observers and admins
 * every class, a teacher the classes they are in charge of. Every report over classes or their students keeps
 * to it, so a report never names a student the reader's synced class work would not hold.
 */
export function classReportScope(actor: Actor, classId: SQL): SQL {
  return readScope('classReport', actor, { classId });
}

/**
 * The live enrolments of a subject a report of the actor's counts, as a relation `(id, student_id,
 * class_id)`: each with the class the student sits in (null when none), kept to `classReportScope`, so a
 * teacher's sub-score table lists the students of their classes only.
 */
export function reportedEnrolments(actor: Actor, subjectId: string): SQL {
  return sql`(select ss.id, ss.student_id, cs.class_id from subject_students ss
    left join class_students cs on cs.subject_id = ss.subject_id and cs.student_id = ss.student_id
      and not cs.deleted
    where ss.subject_id = ${subjectId} and not ss.deleted and ${classReportScope(actor, sql`cs.class_id`)})`;
}
