import { type SQL, sql } from 'drizzle-orm';
import { AttendanceStatus } from '../../../domain/attendance';
import { GPA_MAX } from '../../../domain/gpa';
import { GPA_BAND_COUNT } from '../../../domain/reports';

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
 * `computeGpa` of domain/gpa in SQL, over `scores`: a relation `(subject_student_id, points, full_score,
 * option_plus, parent_id)` of one row per score. Answers `(subject_student_id, gpa)`. Only entered points of
 * top-level score names count; `option_plus` points are a bonus whose full score is not added; the total is
 * capped at the regular full scores; no regular score entered gives no row (GPA null). Multiplying before
 * dividing keeps the numeric exact until the one rounding, half away from zero like `roundTo`.
 */
export function gpaOfScores(scores: SQL): SQL {
  return sql`(select p.subject_student_id,
      round(least(p.earned + p.bonus, p.possible) * ${code(GPA_MAX)} / p.possible, 2)::float8 as gpa
    from (select g.subject_student_id,
        coalesce(sum(g.points) filter (where not g.option_plus), 0) as earned,
        coalesce(sum(g.full_score) filter (where not g.option_plus), 0) as possible,
        coalesce(sum(g.points) filter (where g.option_plus), 0) as bonus
      from ${scores} g
      where g.points is not null and g.parent_id is null
      group by g.subject_student_id) p
    where p.possible > 0)`;
}

/**
 * The GPA of each enrolment in `enrolmentIds` (a subquery of `subject_students.id`) as a relation
 * `(subject_student_id, gpa)`: `gpaOfScores` over their live scores of live score names.
 */
export function enrolmentGpas(enrolmentIds: SQL): SQL {
  return gpaOfScores(sql`(select a.subject_student_id, a.points::numeric as points,
      n.full_score::numeric as full_score, n.option_plus, n.parent_id
    from achievements a join score_names n on n.id = a.score_name_id and not n.deleted
    where not a.deleted and a.subject_student_id in ${enrolmentIds})`);
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
