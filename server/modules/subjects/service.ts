import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorCode } from '../../../domain/errors';
import { validateFormula } from '../../../domain/formula';
import { PublishState } from '../../../domain/lessons';
import { Role } from '../../../domain/roles';
import { pageMeta } from '../../../domain/schemas/common';
import type { Note } from '../../../domain/schemas/plans';
import type {
  AddStudentsToClassesRequest,
  Formula,
  FormulaWrite,
  Subject,
  SubjectByUserQuery,
  SubjectByUserResponse,
  SubjectClassDetail,
  SubjectSearchQuery,
  SubjectWrite,
} from '../../../domain/schemas/subjects';
import { ValidationCode } from '../../../domain/validation-codes';
import type { Actor } from '../../access/actor';
import { teachesClass } from '../../access/classes';
import { ownStudentId } from '../../access/own-students';
import {
  openToStudent,
  requireFormulaWrite,
  requireSubjectVisible,
  subjectReadScope,
  subjectScope,
} from '../../access/subjects';
import type { Executor, Transaction } from '../../db/client';
import { escapeLike, inList, queryRows } from '../../db/rows';
import type { AppDeps } from '../../deps';
import { forbidden, HttpError, notFound, validationFailed } from '../../http-error';
import {
  readSubjectEnrolments,
  readSubject as readSubjectFormula,
  readSubjectScoreNames,
} from '../achievement/queries';
import { achievementRows } from '../achievement/service';
import { inUniversity, liveMasterRows } from '../shared/master-rows';
import {
  readClasses,
  readLessons,
  readSchedules,
  readSubjectSummary,
  readSummaries,
  type SummaryRow,
  toSummary,
} from './queries';
import {
  checkTeachersOn,
  FieldErrors,
  INVALID,
  liveTeachers,
  SUBJECT_DELETE_COLLECTIONS,
  type SubjectWriteDeps,
  setAssignedTeachers,
  softDeleteSubjectRows,
  writeSubjectRows,
} from './write';

// ---------------------------------------------------------------------------------------------------------
// Lists.

function filterOf(query: { param?: string; university?: string; yearCode?: string; faculty?: string }): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.param) conditions.push(sql`sn.name ilike ${`%${escapeLike(query.param)}%`}`);
  if (query.university) conditions.push(sql`p.university_id = ${query.university}`);
  if (query.yearCode) conditions.push(sql`p.year_code_id = ${query.yearCode}`);
  if (query.faculty) conditions.push(sql`p.faculty_id = ${query.faculty}`);
  return sql.join(conditions, sql` and `);
}

function page(rows: SummaryRow[], query: { page: number; limit: number }) {
  const total = rows[0]?.total ?? 0;
  return {
    data: rows.map(toSummary),
    meta: { pagination: pageMeta(rows.length, query.page, query.limit, total) },
  };
}

/**
 * `GET .../search`: the subjects the caller may open (staff their scope, a student also the published
 * subjects of their university they may register in), newest period first.
 */
export async function searchSubjects(db: Executor, actor: Actor, query: SubjectSearchQuery) {
  const rows = await readSummaries(
    db,
    sql`${subjectReadScope(actor, sql`p.id`)} and ${filterOf(query)}`,
    sql`p.start_date desc, sn.name, p.id`,
    query.limit,
    (query.page - 1) * query.limit,
  );
  return page(rows, query);
}

const SORT_COLUMNS = {
  name: sql`sn.name`,
  start_date: sql`p.start_date`,
  end_date: sql`p.end_date`,
} as const;

/**
 * `GET .../subject-by-user`: the caller's own subjects (those of `subjectScope`: a teacher's, a student's
 * enrolments, every subject for admins and observers), filtered and sorted; `totalNumberOfSubject` counts
 * them before the filters.
 */
export async function subjectsByUser(
  db: Executor,
  actor: Actor,
  query: SubjectByUserQuery,
): Promise<SubjectByUserResponse> {
  const direction = query.sortType === 'asc' ? sql`asc` : sql`desc`;
  const own = subjectScope(actor, sql`p.id`);
  const rows = await readSummaries(
    db,
    sql`${own} and ${filterOf(query)}`,
    sql`${SORT_COLUMNS[query.sortBy]} ${direction}, sn.name, p.id`,
    query.limit,
    (query.page - 1) * query.limit,
  );
  const [all] = await queryRows(
    db,
    sql`select count(*) as n from subjects p where not p.deleted and ${own}`,
    z.object({ n: z.coerce.number().int() }),
  );
  return { subjectList: page(rows, query), totalNumberOfSubject: all?.n ?? 0 };
}

const optionRow = z.object({
  id: z.string(),
  name: z.string(),
  classes: z
    .array(z.object({ id: z.string(), name: z.string() }))
    .nullable()
    .transform((rows) => rows ?? []),
});

/** `GET .../options-by-user`: the caller's subjects with their classes, for selects. */
export async function subjectOptions(db: Executor, actor: Actor) {
  const subjects = await queryRows(
    db,
    sql`select p.id::text as id, sn.name,
        (select json_agg(json_build_object('id', c.id::text, 'name', cn.name) order by cn.name, c.id)
          from subject_classes c join class_names cn on cn.id = c.class_name_id
          where c.subject_id = p.id and not c.deleted) as classes
      from subjects p join subject_names sn on sn.id = p.subject_name_id
      where not p.deleted and ${subjectScope(actor, sql`p.id`)}
      order by p.start_date desc, sn.name, p.id`,
    optionRow,
  );
  return { subjects };
}

// ---------------------------------------------------------------------------------------------------------
// One subject.

/** `GET .../{id}`: the subject with its classes and the lessons the caller may see. */
export async function readSubject(db: Executor, actor: Actor, subjectId: string): Promise<Subject> {
  const summary = await readSubjectSummary(db, actor, subjectId);
  return {
    ...toSummary(summary),
    subject_name_id: summary.subject_name_id,
    class_with_students: await readClasses(db, actor, subjectId),
    lessons: await readLessons(db, actor, subjectId, sql`true`),
  };
}

/** `GET .../lessons` and `/lessons-draft`: published or draft lessons (drafts are staff-only by role). */
export async function readSubjectLessons(
  db: Executor,
  actor: Actor,
  subjectId: string,
  publish: PublishState,
) {
  await readSubjectSummary(db, actor, subjectId);
  return { lessons: await readLessons(db, actor, subjectId, sql`l.publish = ${publish}`) };
}

/** `GET .../class/{classId}`: one class with its students and its live sittings. */
export async function readSubjectClass(
  db: Executor,
  actor: Actor,
  subjectId: string,
  classId: string,
): Promise<SubjectClassDetail> {
  await readSubjectSummary(db, actor, subjectId);
  const [found] = await readClasses(db, actor, subjectId, classId);
  if (!found) throw notFound();
  const publishedOnly = actor.role === Role.student ? sql`l.publish = ${PublishState.published}` : sql`true`;
  const schedules = await readSchedules(
    db,
    sql`s.class_id = ${classId} and exists (select 1 from lessons l where l.id = s.lesson_id and not l.deleted
      and ${publishedOnly})`,
  );
  return { ...found, schedules: schedules.map(({ lesson_id: _lesson, ...schedule }) => schedule) };
}

const noteRow = z.object({
  id: z.string(),
  subject_id: z.string(),
  lesson_id: z.string(),
  schedule_id: z.string(),
  plan_id: z.string(),
  content: z.string(),
  author_id: z.string(),
  author_name: z.string(),
  created_at: z.string(),
});

/** The notes on plans that meet `where` (on the plan notes alias `n`), newest first. */
export async function readPlanNotes(db: Executor, where: SQL): Promise<Note[]> {
  const rows = await queryRows(
    db,
    sql`select n.id::text as id, n.subject_id::text as subject_id, n.lesson_id::text as lesson_id,
        n.schedule_id::text as schedule_id, n.plan_id::text as plan_id, n.content, u.id::text as author_id,
        u.name as author_name, to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
      from plan_notes n join users u on u.id = n.author_id
      where ${where} and not n.deleted order by n.created_at desc, n.id`,
    noteRow,
  );
  return rows.map(({ author_id, author_name, ...note }) => ({
    ...note,
    author: { id: author_id, name: author_name },
  }));
}

/** `GET .../notes`: the notes on the subject's plans, newest first. */
export async function readSubjectNotes(
  db: Executor,
  actor: Actor,
  subjectId: string,
): Promise<{ notes: Note[] }> {
  await requireSubjectVisible(db, actor, subjectId);
  return { notes: await readPlanNotes(db, sql`n.subject_id = ${subjectId}`) };
}

// ---------------------------------------------------------------------------------------------------------
// Formula and students.

/** `GET .../formula`: the formula text and the subject's score names. */
export async function readFormula(db: Executor, actor: Actor, subjectId: string): Promise<Formula> {
  await requireSubjectVisible(db, actor, subjectId);
  const subject = await readSubjectFormula(db, subjectId);
  if (!subject) throw notFound();
  const names = await readSubjectScoreNames(db, subjectId, 'withDrafts');
  return {
    formula: subject.formula,
    master: names.map((name) => ({
      id: name.id,
      name: name.name,
      full_score: name.fullScore,
      option_plus: name.optionPlus,
      parent_id: name.parentId,
    })),
  };
}

/**
 * `POST .../formula`: stores the final-score formula once it reads only the subject's score names (the
 * language's own codes, with the position in the text). Admins, and teachers working in the subject when it
 * lets teachers set final scores (`requireFormulaWrite`).
 */
export async function writeFormula(
  deps: SubjectWriteDeps,
  actor: Actor,
  subjectId: string,
  body: FormulaWrite,
): Promise<Formula> {
  await requireFormulaWrite(deps.db, actor, subjectId);
  const names = await readSubjectScoreNames(deps.db, subjectId, 'withDrafts');
  const checked = validateFormula(
    body.formula,
    names.map((name) => name.name),
  );
  if (!checked.ok)
    throw validationFailed({ formula: [checked.error.code, `position:${checked.error.position}`] });
  await writeSubjectRows(
    deps,
    async (tx, seq) => {
      await tx.execute(
        sql`update subjects set formula = ${body.formula}, seq = ${seq}, updated_at = now() where id = ${subjectId}`,
      );
      return { subjectId };
    },
    ['subjects'],
  );
  return readFormula(deps.db, actor, subjectId);
}

/** The enrolments of a subject the actor may see the scores of: admins and observers all, teachers their classes'. */
async function visibleEnrolments(db: Executor, actor: Actor, subjectId: string) {
  const all = await readSubjectEnrolments(db, subjectId);
  if (actor.role !== Role.teacher) return all;
  const rows = await queryRows(
    db,
    sql`select cs.subject_student_id::text as id from class_students cs
        where cs.subject_id = ${subjectId} and not cs.deleted and ${teachesClass(actor.id, sql`cs.class_id`)}`,
    z.object({ id: z.string() }),
  );
  const mine = new Set(rows.map((row) => row.id));
  return all.filter((enrolment) => mine.has(enrolment.subjectStudentId));
}

/** `GET .../get-students-with-gpa`: the students the actor may see with their GPA in the subject. */
export async function readStudentsWithGpa(db: Executor, actor: Actor, subjectId: string) {
  await requireSubjectVisible(db, actor, subjectId);
  const subject = await readSubjectFormula(db, subjectId);
  if (!subject) throw notFound();
  const enrolments = await visibleEnrolments(db, actor, subjectId);
  const rows = await achievementRows(
    db,
    subject.formula,
    await readSubjectScoreNames(db, subjectId),
    enrolments,
  );
  return {
    students: rows.map((row) => ({
      id: row.id,
      identity: row.identity,
      name: row.name,
      subject_student_id: row.subject_student_id,
      gpa: row.gpa,
    })),
  };
}

/** `GET .../score-names/{scoreNameId}/get-list-students`: the visible students with their score of one name. */
export async function readScoreNameStudents(
  db: Executor,
  actor: Actor,
  subjectId: string,
  scoreNameId: string,
) {
  await requireSubjectVisible(db, actor, subjectId);
  const names = await readSubjectScoreNames(db, subjectId, 'withDrafts');
  if (!names.some((name) => name.id === scoreNameId)) throw notFound();
  const enrolments = await visibleEnrolments(db, actor, subjectId);
  const scores =
    enrolments.length === 0
      ? []
      : await queryRows(
          db,
          sql`select a.subject_student_id::text as id, a.points::float8 as points, a.comment from achievements a
              where a.score_name_id = ${scoreNameId} and not a.deleted
                and a.subject_student_id in (${inList(enrolments.map((e) => e.subjectStudentId))})`,
          z.object({ id: z.string(), points: z.number().nullable(), comment: z.string().nullable() }),
        );
  const byId = new Map(scores.map((score) => [score.id, score]));
  return {
    students: enrolments.map((enrolment) => ({
      id: enrolment.studentId,
      identity: enrolment.identity,
      name: enrolment.name,
      subject_student_id: enrolment.subjectStudentId,
      point: byId.get(enrolment.subjectStudentId)?.points ?? null,
      comment: byId.get(enrolment.subjectStudentId)?.comment ?? null,
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Subject writes (admins).

/** Checks a subject body against the stored master rows and staff; every problem at once. */
async function checkSubjectWrite(tx: Transaction, body: SubjectWrite): Promise<void> {
  const errors = new FieldErrors();
  const u = body.university_id;
  if (!(await liveMasterRows(tx, 'subject_names', [body.subject_name_id])).has(body.subject_name_id)) {
    errors.add('subject_name_id', INVALID);
  }
  if (!(await liveMasterRows(tx, 'universities', [u])).has(u)) errors.add('university_id', INVALID);
  if (!inUniversity(await liveMasterRows(tx, 'faculties', [body.faculty_id]), body.faculty_id, u)) {
    errors.add('faculty_id', INVALID);
  }
  if (!inUniversity(await liveMasterRows(tx, 'year_codes', [body.year_code_id]), body.year_code_id, u)) {
    errors.add('year_code_id', INVALID);
  }
  if (
    body.semester_id !== null &&
    !(await liveMasterRows(tx, 'semesters', [body.semester_id])).has(body.semester_id)
  ) {
    errors.add('semester_id', INVALID);
  }
  const classNames = await liveMasterRows(
    tx,
    'class_names',
    body.classes.map((row) => row.class_name_id),
  );
  const teachers = await liveTeachers(
    tx,
    body.classes.flatMap((row) => row.teacher_ids),
  );
  body.classes.forEach((row, index) => {
    if (!inUniversity(classNames, row.class_name_id, u))
      errors.add(`classes.${index}.class_name_id`, INVALID);
    checkTeachersOn(errors, `classes.${index}.teacher_ids`, row.teacher_ids, teachers, body.start_date);
  });
  errors.throwIfAny();
}

/** `POST .../validate-subject`: the checks of a create without storing anything. */
export async function validateSubject(db: AppDeps['db'], body: SubjectWrite) {
  await db.transaction(async (tx) => checkSubjectWrite(tx, body));
  return { ok: true as const };
}

/** Puts the teachers of a class in charge, and takes the others off it. */
function setClassTeachers(
  tx: Transaction,
  seq: number,
  place: { subjectId: string; universityId: string; classId: string },
  teacherIds: readonly string[],
): Promise<void> {
  return setAssignedTeachers(tx, seq, 'class_teachers', { ...place, ownerId: place.classId }, teacherIds);
}

/** Adds a class of a subject with its teachers; returns its id. */
export async function insertClass(
  tx: Transaction,
  seq: number,
  place: { subjectId: string; universityId: string },
  row: { class_name_id: string; teacher_ids: readonly string[] },
): Promise<string> {
  const [created] = await queryRows(
    tx,
    sql`insert into subject_classes (subject_id, university_id, class_name_id, seq)
        values (${place.subjectId}, ${place.universityId}, ${row.class_name_id}, ${seq}) returning id::text as id`,
    z.object({ id: z.string() }),
  );
  if (!created) throw new Error('class not inserted');
  await setClassTeachers(tx, seq, { ...place, classId: created.id }, row.teacher_ids);
  return created.id;
}

/** Inserts a subject row; returns its id. */
export async function insertSubject(
  tx: Transaction,
  seq: number,
  body: Omit<SubjectWrite, 'classes' | 'faculty_id' | 'year_code_id'> & {
    faculty_id: string | null;
    year_code_id: string | null;
    publish: PublishState;
    formula?: string | null;
  },
): Promise<string> {
  const [created] = await queryRows(
    tx,
    sql`insert into subjects (subject_name_id, university_id, faculty_id, year_code_id, semester_id, start_date,
          end_date, publish, formula, seq)
        values (${body.subject_name_id}, ${body.university_id}, ${body.faculty_id}, ${body.year_code_id},
          ${body.semester_id}, ${body.start_date}, ${body.end_date}, ${body.publish}, ${body.formula ?? null}, ${seq})
        returning id::text as id`,
    z.object({ id: z.string() }),
  );
  if (!created) throw new Error('subject not inserted');
  return created.id;
}

/** `POST /api/academic/subjects`: a new published subject with its classes and teachers. */
export async function createSubject(
  deps: SubjectWriteDeps,
  actor: Actor,
  body: SubjectWrite,
): Promise<Subject> {
  const { subjectId } = await writeSubjectRows(deps, async (tx, seq) => {
    await checkSubjectWrite(tx, body);
    const subjectId = await insertSubject(tx, seq, { ...body, publish: PublishState.published });
    for (const row of body.classes) {
      await insertClass(tx, seq, { subjectId, universityId: body.university_id }, row);
    }
    return { subjectId };
  });
  return readSubject(deps.db, actor, subjectId);
}

const classUseRow = z.object({ id: z.string(), class_name_id: z.string(), used: z.boolean() });

/**
 * `POST .../{id}`: updates a subject. Its university cannot change (every row under it is keyed by it);
 * the period must still hold every live sitting; classes are matched by class name: kept ones get the new
 * teachers, new ones are added, and a dropped class is removed only while no student or sitting uses it.
 */
export async function updateSubject(
  deps: SubjectWriteDeps,
  actor: Actor,
  subjectId: string,
  body: SubjectWrite,
): Promise<Subject> {
  const summary = await readSubjectSummary(deps.db, actor, subjectId);
  await writeSubjectRows(deps, async (tx, seq) => {
    await checkSubjectWrite(tx, body);
    const errors = new FieldErrors();
    if (body.university_id !== summary.university_id) errors.add('university_id', INVALID);
    const [outside] = await queryRows(
      tx,
      sql`select count(*) as n from schedules s join lessons l on l.id = s.lesson_id
          where s.subject_id = ${subjectId} and not s.deleted and not l.deleted
            and (s.day < ${body.start_date}::date or s.day > ${body.end_date}::date)`,
      z.object({ n: z.coerce.number().int() }),
    );
    if ((outside?.n ?? 0) > 0) errors.add('start_date', ValidationCode.dateOutsideSubjectPeriod);
    const existing = await queryRows(
      tx,
      sql`select c.id::text as id, c.class_name_id::text as class_name_id,
          (exists (select 1 from class_students cs where cs.class_id = c.id and not cs.deleted)
            or exists (select 1 from schedules s where s.class_id = c.id and not s.deleted)) as used
        from subject_classes c where c.subject_id = ${subjectId} and not c.deleted`,
      classUseRow,
    );
    const wanted = new Set(body.classes.map((row) => row.class_name_id));
    const dropped = existing.filter((row) => !wanted.has(row.class_name_id));
    if (dropped.some((row) => row.used)) errors.add('classes', ValidationCode.classInUse);
    errors.throwIfAny();
    await tx.execute(
      sql`update subjects set subject_name_id = ${body.subject_name_id}, faculty_id = ${body.faculty_id},
          year_code_id = ${body.year_code_id}, semester_id = ${body.semester_id}, start_date = ${body.start_date},
          end_date = ${body.end_date}, seq = ${seq}, updated_at = now() where id = ${subjectId}`,
    );
    for (const row of dropped) {
      await setClassTeachers(
        tx,
        seq,
        { subjectId, universityId: summary.university_id, classId: row.id },
        [],
      );
      await tx.execute(
        sql`update subject_classes set deleted = true, seq = ${seq}, updated_at = now() where id = ${row.id}`,
      );
    }
    const byName = new Map(existing.map((row) => [row.class_name_id, row.id]));
    for (const row of body.classes) {
      const classId = byName.get(row.class_name_id);
      const place = { subjectId, universityId: summary.university_id };
      if (classId) await setClassTeachers(tx, seq, { ...place, classId }, row.teacher_ids);
      else await insertClass(tx, seq, place, row);
    }
    return { subjectId };
  });
  return readSubject(deps.db, actor, subjectId);
}

/**
 * `DELETE .../{id}`: removes a subject with everything under it, unless attendance or scores are recorded in
 * it: then 409 `subject_has_records` and nothing changes (those records are never silently erased).
 */
export async function deleteSubject(deps: SubjectWriteDeps, actor: Actor, subjectId: string) {
  await readSubjectSummary(deps.db, actor, subjectId);
  await writeSubjectRows(
    deps,
    async (tx, seq) => {
      const [row] = await queryRows(
        tx,
        sql`select (exists (select 1 from attendances a where a.subject_id = ${subjectId} and not a.deleted
              and a.status is not null)
            or exists (select 1 from achievements a where a.subject_id = ${subjectId} and not a.deleted
              and a.points is not null)) as used`,
        z.object({ used: z.boolean() }),
      );
      if (row?.used) {
        throw new HttpError(409, { message: 'Has records', code: ErrorCode.subjectHasRecords });
      }
      await softDeleteSubjectRows(tx, subjectId, seq);
      return { subjectId };
    },
    SUBJECT_DELETE_COLLECTIONS,
  );
  return { ok: true as const };
}

// ---------------------------------------------------------------------------------------------------------
// Students in classes.

const classOfSubject = z.object({ id: z.string() });

async function classIdsOf(
  tx: Executor,
  subjectId: string,
  classIds: readonly string[],
): Promise<Set<string>> {
  if (classIds.length === 0) return new Set();
  const rows = await queryRows(
    tx,
    sql`select id::text as id from subject_classes where subject_id = ${subjectId} and not deleted
        and id in (${inList(classIds)})`,
    classOfSubject,
  );
  return new Set(rows.map((row) => row.id));
}

/** Enrols a student in a subject (again, if they left it) and seats them in a class; returns nothing. */
async function seatStudent(
  tx: Transaction,
  seq: number,
  place: { subjectId: string; universityId: string; classId: string; studentId: string },
): Promise<void> {
  const [enrolment] = await queryRows(
    tx,
    sql`insert into subject_students (subject_id, university_id, student_id, seq)
        values (${place.subjectId}, ${place.universityId}, ${place.studentId}, ${seq})
        on conflict (subject_id, student_id) do update set deleted = false, seq = excluded.seq, updated_at = now()
        returning id::text as id`,
    z.object({ id: z.string() }),
  );
  if (!enrolment) throw new Error('enrolment not written');
  await tx.execute(
    sql`insert into class_students (subject_id, university_id, class_id, student_id, subject_student_id, seq)
        values (${place.subjectId}, ${place.universityId}, ${place.classId}, ${place.studentId}, ${enrolment.id}, ${seq})`,
  );
}

const seatRow = z.object({ student_id: z.string(), class_id: z.string() });

/** The classes the students sit in within a subject, by student. */
async function seatsOf(tx: Executor, subjectId: string, studentIds: readonly string[]) {
  if (studentIds.length === 0) return new Map<string, string>();
  const rows = await queryRows(
    tx,
    sql`select student_id::text as student_id, class_id::text as class_id from class_students
        where subject_id = ${subjectId} and not deleted and student_id in (${inList(studentIds)})`,
    seatRow,
  );
  return new Map(rows.map((row) => [row.student_id, row.class_id]));
}

/**
 * `POST .../add-students-to-classes`: seats students in classes of the subject. Admins any class, teachers
 * only the classes they are in charge of. A student already in the same class is left as is; one in another
 * class of the subject is refused (their attendance hangs on that class).
 */
export async function addStudentsToClasses(
  deps: SubjectWriteDeps,
  actor: Actor,
  subjectId: string,
  body: AddStudentsToClassesRequest,
) {
  if (body.subjectId !== subjectId) throw validationFailed({ subjectId: [INVALID] });
  const summary = await readSubjectSummary(deps.db, actor, subjectId);
  await writeSubjectRows(deps, async (tx, seq) => {
    const errors = new FieldErrors();
    const known = await classIdsOf(
      tx,
      subjectId,
      body.classes.map((row) => row.class_id),
    );
    const studentIds = [...new Set(body.classes.flatMap((row) => row.student_ids))];
    const liveStudents = new Set(
      studentIds.length === 0
        ? []
        : (
            await queryRows(
              tx,
              sql`select id::text as id from students where not deleted and id in (${inList(studentIds)})
                    and university_id = ${summary.university_id}`,
              z.object({ id: z.string() }),
            )
          ).map((row) => row.id),
    );
    const seats = await seatsOf(tx, subjectId, studentIds);
    const taught =
      actor.role === Role.admin
        ? known
        : new Set(
            (
              await queryRows(
                tx,
                sql`select c.id::text as id from subject_classes c where c.subject_id = ${subjectId}
                      and ${teachesClass(actor.id, sql`c.id`)}`,
                z.object({ id: z.string() }),
              )
            ).map((row) => row.id),
          );
    const seen = new Set<string>();
    body.classes.forEach((row, index) => {
      if (!known.has(row.class_id)) errors.add(`classes.${index}.class_id`, INVALID);
      else if (!taught.has(row.class_id)) throw forbidden();
      for (const studentId of row.student_ids) {
        const seat = seats.get(studentId);
        if (!liveStudents.has(studentId) || seen.has(studentId)) {
          errors.add(`classes.${index}.student_ids`, INVALID);
        } else if (seat !== undefined && seat !== row.class_id) {
          errors.add(`classes.${index}.student_ids`, ValidationCode.alreadyInClass);
        }
        seen.add(studentId);
      }
    });
    errors.throwIfAny();
    for (const row of body.classes) {
      for (const studentId of row.student_ids) {
        if (seats.has(studentId)) continue;
        await seatStudent(tx, seq, {
          subjectId,
          universityId: summary.university_id,
          classId: row.class_id,
          studentId,
        });
      }
    }
    return { subjectId };
  });
  return { ok: true as const };
}

const ownStudentRow = z.object({ id: z.string() });

/** Whether a subject is open to the student's registration; 404 otherwise. */
async function requireOpenToStudent(db: Executor, actor: Actor, subjectId: string) {
  const [row] = await queryRows(
    db,
    sql`select university_id::text as id from subjects p where p.id = ${subjectId} and ${openToStudent(actor, sql`p.id`)}`,
    ownStudentRow,
  );
  if (!row) throw notFound();
  return row.id;
}

/**
 * `POST .../register-student`: a student applies to a class of a published subject of their university
 * (SPEC §4). Registering again in the same class is a no-op; a student in another class is refused.
 */
export async function registerStudent(
  deps: SubjectWriteDeps,
  actor: Actor,
  subjectId: string,
  classId: string,
) {
  const universityId = await requireOpenToStudent(deps.db, actor, subjectId);
  const studentId = await ownStudentId(deps.db, actor);
  await writeSubjectRows(deps, async (tx, seq) => {
    if (!(await classIdsOf(tx, subjectId, [classId])).has(classId)) {
      throw validationFailed({ class_id: [INVALID] });
    }
    const seat = (await seatsOf(tx, subjectId, [studentId])).get(studentId);
    if (seat !== undefined && seat !== classId)
      throw validationFailed({ class_id: [ValidationCode.alreadyInClass] });
    if (seat === undefined) await seatStudent(tx, seq, { subjectId, universityId, classId, studentId });
    return { subjectId };
  });
  return { ok: true as const };
}

/**
 * `POST .../cancel-register-student`: a student leaves a class they sit in. Refused with `has_records` once
 * attendance or scores are recorded for them in the subject.
 */
export async function cancelStudentRegistration(
  deps: SubjectWriteDeps,
  actor: Actor,
  subjectId: string,
  classId: string,
) {
  await requireOpenToStudent(deps.db, actor, subjectId);
  const studentId = await ownStudentId(deps.db, actor);
  await writeSubjectRows(deps, async (tx, seq) => {
    const seat = (await seatsOf(tx, subjectId, [studentId])).get(studentId);
    if (seat !== classId) throw validationFailed({ class_id: [INVALID] });
    const [row] = await queryRows(
      tx,
      sql`select (exists (select 1 from attendances a where a.subject_id = ${subjectId} and a.student_id = ${studentId}
            and not a.deleted and a.status is not null)
          or exists (select 1 from achievements a where a.subject_id = ${subjectId} and a.student_id = ${studentId}
            and not a.deleted and a.points is not null)) as used`,
      z.object({ used: z.boolean() }),
    );
    if (row?.used) throw validationFailed({ class_id: [ValidationCode.hasRecords] });
    await tx.execute(
      sql`update class_students set deleted = true, seq = ${seq}, updated_at = now()
          where subject_id = ${subjectId} and student_id = ${studentId} and not deleted`,
    );
    await tx.execute(
      sql`update subject_students set deleted = true, seq = ${seq}, updated_at = now()
          where subject_id = ${subjectId} and student_id = ${studentId} and not deleted`,
    );
    return { subjectId };
  });
  return { ok: true as const };
}
