import { type SQL, sql } from 'drizzle-orm';
import { GPA_MAX } from '../../../domain/gpa';

// A student's GPA in a subject is never stored: it follows from the scores, so it is computed where it is read,
// by `computeGpa` of domain/gpa on a device and by the SQL form below on the server (reports, the dashboard's
// GPA highlights, the student search's GPA filter). reports.test.ts holds the two equal on generated scores.

const code = (value: number) => sql.raw(String(value));

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
 * The GPA of each enrolment in `enrolmentIds` (a subquery of enrolment ids, `liveEnrolments` ones) as a relation
 * `(subject_student_id, gpa)`: `gpaOfScores` over their live scores of live score names.
 */
export function enrolmentGpas(enrolmentIds: SQL): SQL {
  return gpaOfScores(sql`(select a.subject_student_id, a.points::numeric as points,
      n.full_score::numeric as full_score, n.option_plus, n.parent_id
    from achievements a join score_names n on n.id = a.score_name_id and not n.deleted
    where not a.deleted and a.subject_student_id in ${enrolmentIds})`);
}
