import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { orderScoreNames } from '../../../domain/achievement-results';
import { LessonType } from '../../../domain/lessons';
import type { Actor } from '../../access/actor';
import { classReportScope, reportedEnrolments } from '../../access/class-work';
import { requireSubjectVisible, subjectScope } from '../../access/subjects';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { notFound } from '../../http-error';
import { enrolmentGpas } from '../shared/gpa-sql';
import { gpaBandColumn } from '../shared/report-sql';

const namedRow = z.object({ id: z.string(), name: z.string() });

/** The live subjects the actor sees under `where` (aliased `s`), for the cascade's lists. */
function visibleSubjects(actor: Actor, where: SQL): SQL {
  return sql`(select s.* from subjects s where not s.deleted and ${subjectScope(actor, sql`s.id`)} and ${where})`;
}

/** `GET /api/report/universities/{id}/subject-name`: the subject names of the university's visible subjects. */
export async function reportSubjectNames(db: Executor, actor: Actor, universityId: string) {
  const subjectNames = await queryRows(
    db,
    sql`select n.id::text, n.name from subject_names n where exists (select 1 from
        ${visibleSubjects(actor, sql`s.university_id = ${universityId}`)} v where v.subject_name_id = n.id)
        order by n.name, n.id`,
    namedRow,
  );
  return { subjectNames };
}

/** `GET .../subject-name/{id}/faculty`: the faculties with a visible subject of that name. */
export async function reportFaculties(
  db: Executor,
  actor: Actor,
  universityId: string,
  subjectNameId: string,
) {
  const faculties = await queryRows(
    db,
    sql`select f.id::text, f.name from faculties f where exists (select 1 from ${visibleSubjects(
      actor,
      sql`s.university_id = ${universityId} and s.subject_name_id = ${subjectNameId}`,
    )} v where v.faculty_id = f.id) order by f.name, f.id`,
    namedRow,
  );
  return { faculties };
}

/**
 * The year codes of visible subjects of a subject name in a university, in one faculty when `facultyId` is
 * given (`.../faculty/{id}/year-code`) or any (`.../year-codes/{subjectNameId}`).
 */
export async function reportYearCodes(
  db: Executor,
  actor: Actor,
  universityId: string,
  subjectNameId: string,
  facultyId: string | null,
) {
  const inFaculty = facultyId === null ? sql`true` : sql`s.faculty_id = ${facultyId}`;
  const yearCodes = await queryRows(
    db,
    sql`select y.id::text, y.name from year_codes y where exists (select 1 from ${visibleSubjects(
      actor,
      sql`s.university_id = ${universityId} and s.subject_name_id = ${subjectNameId} and ${inFaculty}`,
    )} v where v.year_code_id = y.id) order by y.name, y.id`,
    namedRow,
  );
  return { yearCodes };
}

const defaultRow = z.object({
  subjectId: z.string(),
  subjectNameId: z.string(),
  facultyId: z.string().nullable(),
  yearCodeId: z.string().nullable(),
  universityId: z.string(),
});

/**
 * `GET /api/report/default-filter`: the report opens on the latest visible subject (the one that started
 * last), the filter that leads to it; every level null when the user sees none.
 */
export async function reportDefaultFilter(db: Executor, actor: Actor) {
  const [row] = await queryRows(
    db,
    sql`select s.id::text as "subjectId", s.subject_name_id::text as "subjectNameId",
        s.faculty_id::text as "facultyId", s.year_code_id::text as "yearCodeId", s.university_id::text as "universityId"
        from ${visibleSubjects(actor, sql`true`)} s order by s.start_date desc nulls last, s.id limit 1`,
    defaultRow,
  );
  return (
    row ?? { subjectId: null, subjectNameId: null, facultyId: null, yearCodeId: null, universityId: null }
  );
}

const classRow = z.object({
  id: z.string(),
  name: z.string(),
  subject_id: z.string(),
  subject_name: z.string(),
  students_count: z.number(),
  gpa_average: z.number().nullable(),
  gpa_bands: z.array(z.number()),
});
const examRow = z.object({
  subject_id: z.string(),
  lesson_id: z.string(),
  lesson_name: z.string(),
  exam_name_id: z.string(),
  exam_name: z.string(),
});

/**
 * `GET /api/report/data-classes/{subjectNameId}/{facultyId}/{yearCodeId}`: the classes of the visible
 * subjects of that name, faculty and year code, each with its size, GPA average (two decimals) and GPA bands,
 * and the exams of its subject to drill into.
 */
export async function reportClasses(
  db: Executor,
  actor: Actor,
  subjectNameId: string,
  facultyId: string,
  yearCodeId: string,
) {
  const subjects = visibleSubjects(
    actor,
    sql`s.subject_name_id = ${subjectNameId} and s.faculty_id = ${facultyId} and s.year_code_id = ${yearCodeId}`,
  );
  const rows = await queryRows(
    db,
    sql`select c.id::text, cn.name, s.id::text as subject_id, sn.name as subject_name,
        count(cs.id)::int as students_count, round(avg(g.gpa)::numeric, 2)::float8 as gpa_average,
        ${gpaBandColumn(sql`g.gpa`)}
        from ${subjects} s
        join subject_names sn on sn.id = s.subject_name_id
        join subject_classes c on c.subject_id = s.id and not c.deleted
          and ${classReportScope(actor, sql`c.id`)}
        join class_names cn on cn.id = c.class_name_id
        left join class_students cs on cs.class_id = c.id and not cs.deleted
        left join ${enrolmentGpas(sql`(select x.subject_student_id from class_students x
          join ${subjects} xs on xs.id = x.subject_id where not x.deleted)`)} g
          on g.subject_student_id = cs.subject_student_id
        group by c.id, cn.name, s.id, sn.name, s.start_date order by cn.name, s.start_date, c.id`,
    classRow,
  );
  const exams = await queryRows(
    db,
    sql`select l.subject_id::text, l.id::text as lesson_id, l.name as lesson_name, e.id::text as exam_name_id,
        e.name as exam_name from lessons l join exam_names e on e.id = l.exam_name_id
        where not l.deleted and l.type = ${LessonType.exam} and l.subject_id in (select s.id from ${subjects} s)
        order by l.name, l.id`,
    examRow,
  );
  return {
    classes: rows.map((row) => ({
      id: row.id,
      name: row.name,
      subject: { id: row.subject_id, name: row.subject_name },
      students_count: row.students_count,
      gpa_average: row.gpa_average,
      gpa_bands: row.gpa_bands,
      exams: exams
        .filter((exam) => exam.subject_id === row.subject_id)
        .map((exam) => ({
          lesson_id: exam.lesson_id,
          lesson_name: exam.lesson_name,
          exam_name: { id: exam.exam_name_id, name: exam.exam_name },
        })),
    })),
  };
}

const examLessonRow = z.object({ subject_id: z.string(), subject_name_id: z.string() });

/** A live exam lesson of that exam name the actor sees, with its subject's name; 404 otherwise. */
async function examLesson(db: Executor, actor: Actor, lessonId: string, examNameId: string) {
  const [row] = await queryRows(
    db,
    sql`select l.subject_id::text, s.subject_name_id::text from lessons l join subjects s on s.id = l.subject_id
        where l.id = ${lessonId} and l.exam_name_id = ${examNameId} and not l.deleted and not s.deleted`,
    examLessonRow,
  );
  if (!row) throw notFound();
  await requireSubjectVisible(db, actor, row.subject_id);
  return row;
}

const scoreNameRow = z.object({
  id: z.string(),
  name: z.string(),
  full_score: z.number(),
  parent_id: z.string().nullable(),
  parent_name: z.string().nullable(),
  position: z.number(),
});

/**
 * The live score names of the exam lessons in `lessons` (a relation with `id` and `year_code_id`) and their
 * live sub-scores, as a relation `(id, name, full_score, parent_id, position, lesson_id, year_code_id)`. Two
 * index look-ups (by lesson, then by parent) instead of one join on either, which the planner cannot index.
 */
function examScoreNameRows(lessons: SQL): SQL {
  return sql`(select n.id, n.name, n.full_score, n.parent_id, n.position, e.id as lesson_id, e.year_code_id
      from ${lessons} e join score_names n on n.lesson_id = e.id and not n.deleted
    union
    select c.id, c.name, c.full_score, c.parent_id, c.position, e.id as lesson_id, e.year_code_id
      from ${lessons} e join score_names p on p.lesson_id = e.id and not p.deleted
      join score_names c on c.parent_id = p.id and not c.deleted)`;
}

/** The live score names of an exam lesson, its sub-scores with them, in the grid's order. */
async function examScoreNames(db: Executor, lessonId: string) {
  const rows = await queryRows(
    db,
    sql`select n.id::text, n.name, n.full_score::float8 as full_score, n.parent_id::text, p.name as parent_name,
        n.position from ${examScoreNameRows(sql`(select ${lessonId}::uuid as id, null::uuid as year_code_id)`)} n
        left join score_names p on p.id = n.parent_id`,
    scoreNameRow,
  );
  return orderScoreNames(rows.map((row) => ({ ...row, parentId: row.parent_id })));
}

/** A score name as the sub-score reports answer it. */
function toReportScoreName(row: { id: string; name: string; full_score: number; parent_id: string | null }) {
  return { id: row.id, name: row.name, full_score: row.full_score, parent_id: row.parent_id };
}

const pointRow = z.object({
  id: z.string(),
  identity: z.string(),
  name: z.string(),
  class_id: z.string().nullable(),
  class_name: z.string().nullable(),
  points: z.array(z.number().nullable()),
});

/**
 * `GET /api/report/sub-scores/{lessonId}/{examNameId}`: every student of the exam's subject with their points
 * of each score name of the exam (null: not entered), by student number.
 */
export async function reportSubScores(db: Executor, actor: Actor, lessonId: string, examNameId: string) {
  const lesson = await examLesson(db, actor, lessonId, examNameId);
  const scoreNames = await examScoreNames(db, lessonId);
  const ids = scoreNames.map((row) => row.id);
  const order =
    ids.length === 0
      ? sql`array[]::uuid[]`
      : sql`array[${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}]`;
  const students = await queryRows(
    db,
    sql`select st.id::text, st.identity, u.name, c.id::text as class_id, cn.name as class_name,
        array(select a.points::float8 from unnest(${order}) with ordinality k(score_name_id, i)
          left join achievements a on a.subject_student_id = ss.id and a.score_name_id = k.score_name_id
            and not a.deleted
          order by k.i) as points
        from ${reportedEnrolments(actor, lesson.subject_id)} ss
        join students st on st.id = ss.student_id join users u on u.id = st.user_id
        left join subject_classes c on c.id = ss.class_id
        left join class_names cn on cn.id = c.class_name_id
        order by st.identity, ss.id`,
    pointRow,
  );
  return {
    scoreNames: scoreNames.map(toReportScoreName),
    students: students.map((row) => ({
      id: row.id,
      identity: row.identity,
      name: row.name,
      class: row.class_id && row.class_name !== null ? { id: row.class_id, name: row.class_name } : null,
      points: ids.map((id, index) => ({ score_name_id: id, points: row.points[index] ?? null })),
    })),
  };
}

const averageRow = z.object({
  id: z.string(),
  name: z.string(),
  parent_name: z.string().nullable(),
  score_name: z.string(),
  average: z.number().nullable(),
});

/**
 * `GET /api/report/year-code/sub-scores/{lessonId}/{examNameId}`: the averages (two decimals) of the same
 * exam's score names in every year code: the exams of that exam name in the visible subjects of the same
 * subject name, their score names matched to this exam's by name and parent name, entered points only.
 */
export async function reportYearCodeSubScores(
  db: Executor,
  actor: Actor,
  lessonId: string,
  examNameId: string,
) {
  const lesson = await examLesson(db, actor, lessonId, examNameId);
  const scoreNames = await examScoreNames(db, lessonId);
  const keyOf = (name: string, parentName: string | null) => JSON.stringify([parentName, name]);
  const rows = await queryRows(
    db,
    sql`select y.id::text, y.name, p.name as parent_name, n.name as score_name,
        round(avg(a.points), 2)::float8 as average
        from ${examScoreNameRows(sql`(select l.id, s.year_code_id
          from ${visibleSubjects(actor, sql`s.subject_name_id = ${lesson.subject_name_id}`)} s
          join lessons l on l.subject_id = s.id and l.exam_name_id = ${examNameId} and not l.deleted)`)} n
        join year_codes y on y.id = n.year_code_id
        left join score_names p on p.id = n.parent_id
        left join achievements a on a.score_name_id = n.id and not a.deleted and a.points is not null
          and (${classReportScope(actor, sql`null::uuid`)} or exists (select 1 from class_students rc
            where rc.subject_student_id = a.subject_student_id and not rc.deleted
            and ${classReportScope(actor, sql`rc.class_id`)}))
        group by y.id, y.name, p.name, n.name order by y.name, y.id`,
    averageRow,
  );
  const yearCodes = new Map<string, { id: string; name: string; byKey: Map<string, number | null> }>();
  for (const row of rows) {
    const entry = yearCodes.get(row.id) ?? { id: row.id, name: row.name, byKey: new Map() };
    entry.byKey.set(keyOf(row.score_name, row.parent_name), row.average);
    yearCodes.set(row.id, entry);
  }
  const parentName = new Map(scoreNames.map((row) => [row.id, row.name]));
  return {
    scoreNames: scoreNames.map(toReportScoreName),
    yearCodes: [...yearCodes.values()].map((entry) => ({
      id: entry.id,
      name: entry.name,
      averages: scoreNames.map((row) => ({
        score_name_id: row.id,
        average:
          entry.byKey.get(
            keyOf(row.name, row.parent_id === null ? null : (parentName.get(row.parent_id) ?? null)),
          ) ?? null,
      })),
    })),
  };
}
