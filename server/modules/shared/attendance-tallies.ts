import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SchoolMoment } from '../../../domain/schedules';
import type { AttendanceTally } from '../../../domain/schemas/reports';
import type { Actor } from '../../access/actor';
import { studentScope } from '../../access/students';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { classStudentTallies, heldSittings } from './report-sql';

// The attendance tallies the attendance report (server/modules/reports) and a student's report card
// (server/modules/achievement/profile.ts) both count, here so neither module imports the other.

/** The five counts of a tally row as SQL answers them. */
export const tallyRow = {
  present: z.number(),
  late: z.number(),
  unexplainedAbsence: z.number(),
  absent: z.number(),
  missing: z.number(),
};
/** A tally row as the reports send it. */
export const tallyOf = (row: z.infer<z.ZodObject<typeof tallyRow>>) => ({
  present: row.present,
  late: row.late,
  unexplainedAbsence: row.unexplainedAbsence,
  absent: row.absent,
  missing: row.missing,
});

const studentSubjectRow = z.object({ subject_id: z.string(), ...tallyRow });

/**
 * One student's attendance tally in each subject they sit in a class of, by subject id: the rule of the
 * attendance report's student rows (`classStudentTallies` over the sittings held by `moment`), for the
 * report card (`GET /api/students/{id}/achievement-attendance`), so the card and the report never disagree.
 * Only rows of a student the actor may see (`studentScope`) are read; none otherwise.
 */
export async function studentAttendanceTallies(
  db: Executor,
  actor: Actor,
  studentId: string,
  moment: SchoolMoment,
): Promise<Map<string, AttendanceTally>> {
  const seats = sql`(select cs.id, cs.class_id, cs.student_id from class_students cs
    where cs.student_id = ${studentId} and not cs.deleted and ${studentScope(actor, sql`cs.student_id`)})`;
  const rows = await queryRows(
    db,
    sql`select cs.subject_id::text as subject_id, t.present, t.late, t."unexplainedAbsence", t.absent, t.missing
        from ${classStudentTallies(seats, heldSittings(moment))} t
        join class_students cs on cs.id = t.id`,
    studentSubjectRow,
  );
  return new Map(rows.map((row) => [row.subject_id, tallyOf(row)]));
}
