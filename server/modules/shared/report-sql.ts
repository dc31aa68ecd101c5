import { type SQL, sql } from 'drizzle-orm';
import { AttendanceStatus } from '../../../domain/attendance';
import { GPA_MAX } from '../../../domain/gpa';
import { PublishState } from '../../../domain/lessons';
import { GPA_BAND_COUNT } from '../../../domain/reports';
import type { SchoolMoment } from '../../../domain/schedules';

// The report numbers are computed in SQL, so a report over a whole subject or year code reads aggregates, not
// every row. Each piece below is the SQL form of one rule of domain/ and is held equal to it by a test
// (reports.test.ts: the GPA against `computeGpa` on generated scores, the tallies against the attendance
// sheet on the same marks).

const code = (value: number) => sql.raw(String(value));

/**
 * The attendance tally columns (`present`, `late`, `"unexplainedAbsence"`, `absent`, `missing`) over the
 * rows of a join where `held` is a held sitting's id (null: no sitting) and `status` the mark's status (null:
 * not entered). The buckets are the labels of `AttendanceStatus`; a held sitting with no status is missing.
 */
export function tallyColumns(held: SQL, status: SQL): SQL {
  const of = (value: number) => sql`count(${held}) filter (where ${status} = ${code(value)})::int`;
  return sql`${of(AttendanceStatus.present)} as present, ${of(AttendanceStatus.late)} as late,
    ${of(AttendanceStatus.unexplainedAbsence)} as "unexplainedAbsence", ${of(AttendanceStatus.absent)} as absent,
    count(${held}) filter (where ${status} is null)::int as missing`;
}

/**
 * The held sittings as a relation `(id, class_id, day, lesson_id, lesson_name)`: live sittings of live,
 * published lessons that have ended by `moment` (the domain's `hasEnded`), the columns the attendance sheet
 * shows and counts (a draft lesson is not held yet, issue #17). Those of one subject when `subjectId` is given
 * (a report over the subject); of every subject otherwise, for a tally that joins them to a class student by
 * class.
 */
export function heldSittings(moment: SchoolMoment, subjectId?: string): SQL {
  const ofSubject = subjectId === undefined ? sql`` : sql` and s.subject_id = ${subjectId}`;
  return sql`(select s.id, s.class_id, s.day, l.id as lesson_id, l.name as lesson_name
    from schedules s join lessons l on l.id = s.lesson_id and not l.deleted
      and l.publish = ${PublishState.published}
    where not s.deleted and ${sittingEnded(sql`s`, moment)}${ofSubject})`;
}

/** SQL of the domain's `hasEnded` for the schedule row `alias`: its day is past, or today with its end come. */
export function sittingEnded(alias: SQL, moment: SchoolMoment): SQL {
  return sql`(${alias}.day < ${moment.today}::date
    or (${alias}.day = ${moment.today}::date and ${alias}.end_time <= ${moment.time}::time))`;
}

/**
 * The attendance tally of each class student of `classStudents` (a relation `(id, class_id, student_id)`)
 * over the sittings of `held` (`heldSittings`) of their class, as a relation `(id, class_id, student_id)` with
 * the `tallyColumns`: a held sitting with no mark, or a mark with no status, is missing; a mark at a sitting
 * that is not held (a draft lesson's, a deleted or a future one) is not counted. The attendance report's
 * student rows and the report card read this one rule, so they never disagree.
 */
export function classStudentTallies(classStudents: SQL, held: SQL): SQL {
  return sql`(select cs.id, cs.class_id, cs.student_id, ${tallyColumns(sql`h.id`, sql`a.status`)}
    from ${classStudents} cs
    left join ${held} h on h.class_id = cs.class_id
    left join attendances a on a.class_student_id = cs.id and a.schedule_id = h.id and not a.deleted
    group by cs.id, cs.class_id, cs.student_id)`;
}

/**
 * The GPA band count columns (`gpa_bands`, an `int[]` of `GPA_BAND_COUNT` counts) over a `gpa` column:
 * one band per point of the scale, the top of the scale in the last band (domain `GPA_BANDS`).
 */
export function gpaBandColumn(gpa: SQL): SQL {
  const bands = Array.from(
    { length: GPA_BAND_COUNT },
    (_, index) =>
      sql`count(${gpa}) filter (where least(width_bucket(${gpa}, 0, ${code(GPA_MAX)}, ${code(GPA_BAND_COUNT)}), ${code(GPA_BAND_COUNT)}) = ${code(index + 1)})::int`,
  );
  return sql`array[${sql.join(bands, sql`, `)}] as gpa_bands`;
}
