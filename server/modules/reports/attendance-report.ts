import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { tallyCounts } from '../../../domain/attendance';
import { attendanceHighlightsMet } from '../../../domain/attendance-highlights';
import type { SchoolMoment } from '../../../domain/schedules';
import type { AttendanceReport, ReportDefaultFilter } from '../../../domain/schemas/reports';
import type { Actor } from '../../access/actor';
import { classReportScope } from '../../access/class-work';
import { requireSubjectVisible } from '../../access/subjects';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { notFound } from '../../http-error';
import { tallyOf, tallyRow } from '../shared/attendance-tallies';
import { classStudentTallies, heldSittings, tallyColumns } from '../shared/report-sql';

/**
 * The live class students of a subject in the classes the actor's reports count (`classReportScope`);
 * deactivated students stay where they were enrolled.
 */
function classStudentsOf(actor: Actor, subjectId: string) {
  return sql`(select cs.id, cs.class_id, cs.student_id from class_students cs
    where cs.subject_id = ${subjectId} and not cs.deleted and ${classReportScope(actor, sql`cs.class_id`)})`;
}

/** The subject a report is asked for, once the actor may see it (404 otherwise, so ids do not leak). */
async function reportedSubject(db: Executor, actor: Actor, subjectId: string): Promise<ReportDefaultFilter> {
  await requireSubjectVisible(db, actor, subjectId);
  const [row] = await queryRows(
    db,
    sql`select s.id::text as "subjectId", s.faculty_id::text as "facultyId", s.year_code_id::text as "yearCodeId",
        s.university_id::text as "universityId" from subjects s where s.id = ${subjectId} and not s.deleted`,
    z.object({
      subjectId: z.string(),
      facultyId: z.string().nullable(),
      yearCodeId: z.string().nullable(),
      universityId: z.string(),
    }),
  );
  if (!row) throw notFound();
  return row;
}

/** `GET /api/attendance/report/filter/{subjectId}`: the filter that leads to the subject (SPEC §3 defaultFilter). */
export async function attendanceReportFilter(db: Executor, actor: Actor, subjectId: string) {
  return { defaultFilter: await reportedSubject(db, actor, subjectId) };
}

const studentRow = z.object({
  id: z.string(),
  identity: z.string(),
  name: z.string(),
  class_id: z.string(),
  class_name: z.string(),
  ...tallyRow,
});

const ruleRow = z.object({
  type: z.number(),
  conditionType: z.number(),
  compareType: z.number(),
  value: z.number(),
  hidden: z.boolean(),
});

/**
 * `GET /api/attendance/report/students/{subjectId}`: one row per class student of the subject with the tally
 * of their marks over the held sittings of their class, and how many shown attendance highlights they meet.
 */
export async function attendanceReportStudents(
  db: Executor,
  actor: Actor,
  subjectId: string,
  moment: SchoolMoment,
): Promise<Pick<AttendanceReport, 'students'>> {
  await reportedSubject(db, actor, subjectId);
  const rows = await queryRows(
    db,
    // Tallied per class student first, then named: the name look-ups run once per student, not per sitting.
    sql`select st.id::text, st.identity, u.name, c.id::text as class_id, cn.name as class_name,
        t.present, t.late, t."unexplainedAbsence", t.absent, t.missing
        from ${classStudentTallies(classStudentsOf(actor, subjectId), heldSittings(moment, subjectId))} t
        join students st on st.id = t.student_id
        join users u on u.id = st.user_id
        join subject_classes c on c.id = t.class_id and not c.deleted
        join class_names cn on cn.id = c.class_name_id
        order by st.identity, t.id`,
    studentRow,
  );
  const rules = await queryRows(
    db,
    sql`select type::int as type, condition_type::int as "conditionType", compare_type::int as "compareType",
        value::float8 as value, hidden from highlights where subject_id = ${subjectId} and not deleted`,
    ruleRow,
  );
  return {
    students: rows.map((row) => {
      const tally = tallyOf(row);
      return {
        id: row.id,
        identity: row.identity,
        name: row.name,
        class: { id: row.class_id, name: row.class_name },
        tally,
        highlights_met: attendanceHighlightsMet(rules, tallyCounts(tally)),
      };
    }),
  };
}

const classRow = z.object({ id: z.string(), name: z.string(), students_count: z.number(), ...tallyRow });
const sittingRow = z.object({
  id: z.string(),
  class_id: z.string(),
  day: z.string(),
  lesson_id: z.string(),
  lesson_name: z.string(),
  ...tallyRow,
});

/**
 * `GET /api/attendance/report/classes/{subjectId}`: one row per class of the subject with its size and the
 * tally of its students' marks over its held sittings, and each held sitting's own tally, by day.
 */
export async function attendanceReportClasses(
  db: Executor,
  actor: Actor,
  subjectId: string,
  moment: SchoolMoment,
): Promise<Pick<AttendanceReport, 'classes'>> {
  await reportedSubject(db, actor, subjectId);
  const classes = await queryRows(
    db,
    sql`select c.id::text, cn.name, count(distinct cs.id)::int as students_count,
        ${tallyColumns(sql`h.id`, sql`a.status`)}
        from subject_classes c
        join class_names cn on cn.id = c.class_name_id
        left join ${classStudentsOf(actor, subjectId)} cs on cs.class_id = c.id
        left join ${heldSittings(moment, subjectId)} h on h.class_id = c.id and cs.id is not null
        left join attendances a on a.class_student_id = cs.id and a.schedule_id = h.id and not a.deleted
        where c.subject_id = ${subjectId} and not c.deleted and ${classReportScope(actor, sql`c.id`)}
        group by c.id, cn.name order by cn.name, c.id`,
    classRow,
  );
  const sittings = await queryRows(
    db,
    sql`select h.id::text, h.class_id::text, h.day::text, h.lesson_id::text, h.lesson_name,
        ${tallyColumns(sql`cs.id`, sql`a.status`)}
        from ${heldSittings(moment, subjectId)} h
        left join ${classStudentsOf(actor, subjectId)} cs on cs.class_id = h.class_id
        left join attendances a on a.class_student_id = cs.id and a.schedule_id = h.id and not a.deleted
        group by h.id, h.class_id, h.day, h.lesson_id, h.lesson_name order by h.day, h.id`,
    sittingRow,
  );
  return {
    classes: classes.map((row) => ({
      id: row.id,
      name: row.name,
      students_count: row.students_count,
      tally: tallyOf(row),
      sittings: sittings
        .filter((sitting) => sitting.class_id === row.id)
        .map((sitting) => ({
          id: sitting.id,
          day: sitting.day,
          lesson: { id: sitting.lesson_id, name: sitting.lesson_name },
          tally: tallyOf(sitting),
        })),
    })),
  };
}
