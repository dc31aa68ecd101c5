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
