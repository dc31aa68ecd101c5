import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from './actor';
import { classWorkScope } from './classes';

/**
 * The attendance marks a user may pull (`mark` the attendances alias): admins every mark, teachers the marks
 * of the students of the classes they are in charge of, students their own (`classWorkScope`); observers and
 * anybody else none (observers read attendance through the reports).
 */
export function attendanceReadScope(actor: Actor, mark: SQL = sql`a`): SQL {
  return classWorkScope(actor, { classStudentId: sql`${mark}.class_student_id` }, sql`${mark}.student_id`);
}
