import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { prepareStudentResults, shownFinalScore } from '../../../domain/achievement-results';
import { attendanceStatusSchema, tallyCounts } from '../../../domain/attendance';
import { isHighlighted } from '../../../domain/highlights';
import { EMPTY_TALLY } from '../../../domain/reports';
import type { SchoolMoment } from '../../../domain/schedules';
import { jlptLevelSchema, type StudentProfileResponse } from '../../../domain/schemas/people';
import type { Actor } from '../../access/actor';
import { liveEnrolments } from '../../access/enrolments';
import { studentScope } from '../../access/students';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { forbidden, notFound } from '../../http-error';
import { studentAttendanceTallies } from '../shared/attendance-tallies';
import {
  readHighlights,
  readResults,
  readScores,
  readStudentEnrolments,
  readSubjectScoreNames,
  type ScoreRow,
} from './queries';
import { entryOf, toScoreName } from './service';

const ref = z.object({ id: z.string(), name: z.string() }).nullable();
const studentRow = z.object({
  id: z.string(),
  user_id: z.string(),
  identity: z.string(),
  name: z.string(),
  name_kana: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  university: ref,
  faculty: ref,
  year_code: ref,
  jlpt: jlptLevelSchema.nullable(),
  scholarship: z.boolean(),
  visible: z.boolean(),
});

const named = (alias: string, table: string, column: string) =>
  sql.raw(`(select json_build_object('id', ${alias}.id::text, 'name', ${alias}.name) from ${table} ${alias}
    where ${alias}.id = s.${column})`);

const subjectRow = z.object({ subject_id: z.string(), subject_name: z.string(), class_name: z.string() });
const attendanceRow = z.object({
  id: z.string(),
  class_student_id: z.string(),
  schedule_id: z.string(),
  subject_id: z.string(),
  status: attendanceStatusSchema.nullable(),
  absence_reasons: z.string().nullable(),
  comment: z.string().nullable(),
});

/**
 * `GET /api/students/{id}/achievement-attendance`: one student's attendance and scores in every subject,
 * with GPA, final score and the highlight messages they meet. The attendance tally of each subject is the
 * attendance report's (sittings held by `moment`), and the attendance highlights read it, as the report's
 * do. Whom the caller may read is the students scope (`studentScope`): a student themself, a teacher the
 * students of the subjects they work in, admins and observers any; 403 for anyone else.
 */
export async function readStudentProfile(
  db: Executor,
  actor: Actor,
  studentId: string,
  moment: SchoolMoment,
): Promise<StudentProfileResponse> {
  const [student] = await queryRows(
    db,
    sql`select s.id::text as id, s.user_id::text as user_id, s.identity, u.name, u.name_kana, u.email, u.phone,
          u.avatar, ${named('un', 'universities', 'university_id')} as university,
          ${named('fa', 'faculties', 'faculty_id')} as faculty, ${named('yc', 'year_codes', 'year_code_id')} as year_code,
          s.jlpt::int as jlpt, s.scholarship, ${studentScope(actor, sql`s.id`)} as visible
        from students s join users u on u.id = s.user_id where s.id = ${studentId} and not s.deleted`,
    studentRow,
  );
  if (!student?.university) throw notFound();
  if (!student.visible) throw forbidden();
  const enrolments = (await readStudentEnrolments(db, studentId)).filter((row) => row.classId !== null);
  const scores = await readScores(
    db,
    enrolments.map((row) => row.subjectStudentId),
  );
  const stored = await readResults(
    db,
    enrolments.map((row) => row.subjectStudentId),
  );
  const tallies = await studentAttendanceTallies(db, actor, studentId, moment);
  const attendance = await queryRows(
    db,
    sql`select a.id::text as id, a.class_student_id::text as class_student_id, a.schedule_id::text as schedule_id,
          a.subject_id::text as subject_id, a.status, a.absence_reasons, a.comment
        from attendances a where a.student_id = ${studentId} and not a.deleted`,
    attendanceRow,
  );
  const names = await queryRows(
    db,
    sql`select ss.subject_id::text as subject_id, sn.name as subject_name, cn.name as class_name
        from ${liveEnrolments} ss join subjects su on su.id = ss.subject_id
        join subject_names sn on sn.id = su.subject_name_id
        join class_students cs on cs.subject_student_id = ss.id and not cs.deleted
        join subject_classes c on c.id = cs.class_id join class_names cn on cn.id = c.class_name_id
        where ss.student_id = ${studentId}`,
    subjectRow,
  );
  const subjects = [];
  for (const enrolment of enrolments) {
    const formulaRow = await queryRows(
      db,
      sql`select formula from subjects where id = ${enrolment.subjectId}`,
      z.object({ formula: z.string().nullable() }),
    );
    const formula = formulaRow[0]?.formula ?? null;
    const scoreNames = await readSubjectScoreNames(db, enrolment.subjectId);
    const own = scores.filter((score) => score.subject_student_id === enrolment.subjectStudentId);
    const points = new Map(own.map((score: ScoreRow) => [score.score_name_id, score.points]));
    const result = prepareStudentResults(formula, scoreNames)(points);
    const saved = stored.get(enrolment.subjectStudentId);
    const marks = attendance.filter((row) => row.subject_id === enrolment.subjectId);
    const tally = tallies.get(enrolment.subjectId) ?? { ...EMPTY_TALLY };
    const facts = { attendance: tallyCounts(tally), gpa: result.gpa };
    const messages = (await readHighlights(db, enrolment.subjectId))
      .filter((rule) => !rule.hidden && rule.messageToStudent)
      .filter((rule) =>
        isHighlighted(
          { condition_type: rule.conditionType, compare_type: rule.compareType, value: rule.value },
          facts,
        ),
      )
      .flatMap((rule) => (rule.messageToStudent ? [rule.messageToStudent] : []));
    const label = names.find((row) => row.subject_id === enrolment.subjectId);
    const byName = new Map(scoreNames.map((row) => [row.id, row]));
    const studentRef = { id: student.id, identity: student.identity, name: student.name };
    subjects.push({
      subject: { id: enrolment.subjectId, name: label?.subject_name ?? '' },
      class: { id: enrolment.classId ?? '', name: label?.class_name ?? '' },
      attendance: {
        class_student_id: marks[0]?.class_student_id ?? enrolment.subjectStudentId,
        student: studentRef,
        attendances: marks.map((row) => ({
          id: row.id,
          status: row.status,
          class_student_id: row.class_student_id,
          schedule_id: row.schedule_id,
          absence_reasons: row.absence_reasons,
          comment: row.comment,
        })),
      },
      tally,
      achievement: {
        ...studentRef,
        subject_student_id: enrolment.subjectStudentId,
        achievements: own.flatMap((score) => {
          const scoreName = byName.get(score.score_name_id);
          return scoreName ? [entryOf(score, scoreName)] : [];
        }),
        score_names: scoreNames.map(toScoreName),
        gpa: result.gpa,
        final_score: shownFinalScore(saved?.finalScore ?? null, result.finalScore),
        comment: saved?.comment ?? null,
        formula,
      },
      messages,
    });
  }
  return {
    student: {
      id: student.id,
      identity: student.identity,
      name: student.name,
      name_kana: student.name_kana,
      email: student.email,
      phone: student.phone,
      avatar: student.avatar,
      university: student.university,
      faculty: student.faculty,
      year_code: student.year_code,
      jlpt: student.jlpt,
      scholarship: student.scholarship,
    },
    subjects,
  };
}
