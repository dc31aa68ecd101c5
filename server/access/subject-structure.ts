import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from './actor';
import { classStudentScope } from './classes';
import { readsAsStudent } from './own-students';
import { subjectScope } from './subjects';

/** The conditions on each kind of row of the `subjects` pull, each on the columns of its own table. */
export interface SubjectStructureScope {
  /** A subject, one of its classes or one of its score names: by the subject alone. */
  underSubject(subjectId: SQL): SQL;
  /** A class student (a student's seat in a class). */
  classStudent(subjectId: SQL, classId: SQL, studentId: SQL): SQL;
  /** A highlight rule, which may be hidden. */
  highlight(subjectId: SQL, hidden: SQL): SQL;
}

/**
 * The rows of a subject's structure a user may pull (the `subjects` collection): the subjects they see
 * (`subjectScope`: admins and observers all, teachers those they work in, students their published
 * enrolments) with their classes and score names; of the class students, admins and observers all, teachers
 * those of their classes, students their own (`classStudentScope`); of the highlight rules, staff all, students
 * and guardians only the shown ones (hidden rules are the staff's list, a student reads only the messages).
 */
export function subjectStructureReadScope(actor: Actor): SubjectStructureScope {
  const underSubject = (subjectId: SQL) => subjectScope(actor, subjectId);
  return {
    underSubject,
    classStudent: (subjectId, classId, studentId) =>
      sql`${underSubject(subjectId)} and ${classStudentScope(actor, classId, studentId)}`,
    highlight: (subjectId, hidden) =>
      sql`${underSubject(subjectId)} and ${readsAsStudent(actor) ? sql`not ${hidden}` : sql`true`}`,
  };
}
