import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from './actor';
import { classWorkScope } from './classes';

/**
 * The scores and results a user may pull (`row` the alias of either table, each placed by its enrolment):
 * admins every row, teachers those of the students of the classes they are in charge of, students their own
 * (`classWorkScope`); observers and anybody else none (observers read scores through the reports).
 */
export function achievementReadScope(actor: Actor, row: SQL = sql`a`): SQL {
  return classWorkScope(actor, { subjectStudentId: sql`${row}.subject_student_id` }, sql`${row}.student_id`);
}
