import { type SQL, sql } from 'drizzle-orm';
import { Role } from '../../domain/roles';
import type { Actor } from './actor';
import { teachesStudent } from './classes';
import { ownOrWardStudentIds } from './own-students';
import { subjectScope } from './subjects';

/**
 * The condition "the actor may count the students of this university" (the statistics screen): admins and
 * observers every university, teachers the universities they work at (SPEC §3 Teacher `university_ids`),
 * anybody else none. Counts name no student, so a teacher sees the size of their whole university.
 */
export function studentCountScope(actor: Actor, universityId: SQL): SQL {
  if (actor.role === Role.admin || actor.role === Role.observer) return sql`true`;
  if (actor.role === Role.teacher) return worksAt(actor.id, universityId);
  return sql`false`;
}

/** The condition "this staff member works at this university" (SPEC §3 Teacher `university_ids`). */
function worksAt(userId: string, universityId: SQL): SQL {
  return sql`${universityId} in (select uu.university_id from user_universities uu
    where uu.user_id = ${userId} and not uu.deleted)`;
}

/**
 * The condition "the actor may add a student at this university" (SPEC §6 `/students/add`, roles 1 and 2):
 * admins anywhere, teachers at the universities they work at.
 */
export function studentAddScope(actor: Actor, universityId: SQL): SQL {
  if (actor.role === Role.admin) return sql`true`;
  if (actor.role === Role.teacher) return worksAt(actor.id, universityId);
  return sql`false`;
}

/**
 * The condition "the actor may edit this student's account" (name, email, number): admins any student; a
 * teacher only the students sitting in a class they are in charge of. Reading reaches further
 * (`studentScope`: every student of a subject the teacher works in), but an edit of the email is an edit of
 * where the account's reset link goes, so it stays with the student's own class teachers.
 */
export function studentEditScope(actor: Actor, studentId: SQL): SQL {
  if (actor.role === Role.admin) return sql`true`;
  if (actor.role === Role.teacher) return teachesStudent(actor.id, studentId);
  return sql`false`;
}

/**
 * The SQL condition "the signed-in user may see this student" (SPEC §6, people): admins and observers every
 * student; a teacher those enrolled in a subject they work in (`subjectScope`); a student themself; a
 * guardian their wards.
 */
export function studentScope(actor: Actor, studentId: SQL): SQL {
  if (actor.role === Role.admin || actor.role === Role.observer) return sql`true`;
  const seen = ownOrWardStudentIds(actor);
  if (seen) return sql`${studentId} in ${seen}`;
  if (actor.role !== Role.teacher) return sql`false`;
  return sql`exists (select 1 from subject_students ss where ss.student_id = ${studentId} and not ss.deleted
    and ${subjectScope(actor, sql`ss.subject_id`)})`;
}
