import { type SQL, sql } from 'drizzle-orm';

// The one place outside the writers that reads enrolments (`subject_students`): the subjects a student is
// enrolled in, and the enrolments that scores, results and GPAs hang on.

/**
 * The live enrolments as a relation with `id`, `subject_id`, `university_id`, `student_id` and `seq`, for
 * queries that start from the enrolments themselves (a student's subjects, a subject's students' GPAs). The
 * caller narrows it by its own scope.
 */
export const liveEnrolments: SQL = sql`(select ss.id, ss.subject_id, ss.university_id, ss.student_id, ss.seq
  from subject_students ss where not ss.deleted)`;

/** The condition "this student is enrolled (live) in this subject". */
export function enrolledIn(studentId: SQL, subjectId: SQL): SQL {
  return sql`exists (select 1 from subject_students ss where ss.student_id = ${studentId}
    and ss.subject_id = ${subjectId} and not ss.deleted)`;
}

/**
 * The id of a student's enrolment in a subject, live or removed, as a scalar subquery (null when never
 * enrolled): the row an enrolment writer revives instead of adding a second (one enrolment per subject).
 */
export function enrolmentIdOf(subjectId: SQL, studentId: SQL): SQL {
  return sql`(select ss.id from subject_students ss where ss.subject_id = ${subjectId}
    and ss.student_id = ${studentId})`;
}
