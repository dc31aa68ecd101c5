import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AUTH_LIMITS } from '../../../domain/auth';
import { HighlightCompare } from '../../../domain/highlights';
import type { Locale } from '../../../domain/locales';
import { Role } from '../../../domain/roles';
import {
  jlptLevelSchema,
  type Student,
  type StudentBulkRow,
  type StudentCreate,
  type StudentSearchQuery,
  type StudentsBulkRequest,
  type StudentWrite,
} from '../../../domain/schemas/people';
import { ValidationCode } from '../../../domain/validation-codes';
import type { Actor } from '../../access/actor';
import { requireClassWork } from '../../access/classes';
import { enrolledIn, enrolmentIdOf, liveEnrolments } from '../../access/enrolments';
import { studentAddScope, studentEditScope, studentScope } from '../../access/students';
import { subjectScope } from '../../access/subjects';
import { liveUser } from '../../access/users';
import type { Executor, Transaction } from '../../db/client';
import { containsText, paginationOf, totalColumnSchema } from '../../db/paging';
import { queryRows } from '../../db/rows';
import { nextSequence } from '../../db/sequence';
import { forbidden, notFound, validationFailed } from '../../http-error';
import { recipientLocale } from '../../mail/recipient-locale';
import { issuePasswordLink } from '../auth/password-service';
import { endTrust } from '../auth/service';
import { lockAccountWrites, publishPeopleChange, unusablePasswordHash } from '../shared/account-writes';
import { enrolmentGpas } from '../shared/gpa-sql';
import { type LinkedGuardian, linkGuardianWithin, publishGuardianChange } from './guardians';
import type { PeopleDeps } from './people-write';

const ref = z.object({ id: z.string(), name: z.string() });
const studentRowSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  identity: z.string(),
  name: z.string(),
  name_kana: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  university: ref,
  faculty: ref.nullable(),
  year_code: ref.nullable(),
  jlpt: jlptLevelSchema.nullable(),
  scholarship: z.boolean(),
});
type StudentRow = z.infer<typeof studentRowSchema>;

const namedOf = (alias: string) =>
  sql.raw(`case when ${alias}.id is null then null
    else json_build_object('id', ${alias}.id::text, 'name', ${alias}.name) end`);

/** Students as the calls answer them, `s` students and `u` users, with the master rows they name. */
const STUDENT_COLUMNS = sql`s.id::text as id, s.user_id::text as user_id, s.identity, u.name, u.name_kana,
  u.email, u.phone, u.avatar, ${namedOf('un')} as university, ${namedOf('fa')} as faculty,
  ${namedOf('yc')} as year_code, s.jlpt::int as jlpt, s.scholarship`;
const STUDENT_FROM = sql`from students s join users u on u.id = s.user_id
  join universities un on un.id = s.university_id
  left join faculties fa on fa.id = s.faculty_id left join year_codes yc on yc.id = s.year_code_id`;

/** A student still on the lists: neither deleted nor deactivated (kept only for history). */
const LIVE_STUDENT = sql`not s.deleted and ${liveUser()}`;

function toStudent(row: StudentRow): Student {
  const { user_id: _userId, ...student } = row;
  return student;
}

/** The SQL of `value <compare> threshold` (SPEC §9 comparisons, as `compareHighlightValue` reads them). */
function compared(compare: HighlightCompare, value: SQL, threshold: number): SQL {
  switch (compare) {
    case HighlightCompare.below:
      return sql`${value} <= ${threshold}`;
    case HighlightCompare.moreThan:
      return sql`${value} > ${threshold}`;
    case HighlightCompare.equal:
      return sql`${value} = ${threshold}`;
    case HighlightCompare.lessThan:
      return sql`${value} < ${threshold}`;
    case HighlightCompare.above:
      return sql`${value} >= ${threshold}`;
  }
}

/**
 * The conditions of a student search (SPEC §3 "Student search filters"), all in SQL so a school of 6,000
 * answers one page at once. A comparison without its number is no condition. Counts and scores are read
 * only within subjects the caller sees.
 */
function searchConditions(actor: Actor, q: StudentSearchQuery): SQL[] {
  const where: SQL[] = [LIVE_STUDENT, studentScope(actor, sql`s.id`)];
  if (q.param) {
    where.push(
      sql`(${sql.join(
        [sql`u.name`, sql`coalesce(u.name_kana, '')`, sql`s.identity`, sql`u.email`].map((column) =>
          containsText(column, q.param ?? ''),
        ),
        sql` or `,
      )})`,
    );
  }
  if (q.university) where.push(sql`s.university_id = ${q.university}`);
  if (q.faculty) where.push(sql`s.faculty_id = ${q.faculty}`);
  if (q.yearCode && q.offYearCodeFilter !== true) where.push(sql`s.year_code_id = ${q.yearCode}`);
  if (q.jlpt !== undefined) where.push(sql`s.jlpt = ${q.jlpt}`);
  if (q.scholarship !== undefined) where.push(sql`s.scholarship = ${q.scholarship}`);
  if (q.subject) {
    where.push(enrolledIn(sql`s.id`, sql`${q.subject}::uuid`));
  }
  if (q.classes && q.classes.length > 0) {
    const ids = sql.join(
      q.classes.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    where.push(sql`exists (select 1 from class_students cs where cs.student_id = s.id and not cs.deleted
      and cs.class_id in (${ids}))`);
  }
  if (q.lesson) {
    where.push(sql`exists (select 1 from class_students cs join schedules sc on sc.class_id = cs.class_id
      and not sc.deleted where cs.student_id = s.id and not cs.deleted and sc.lesson_id = ${q.lesson})`);
  }
  const inSubject = (column: string) =>
    q.subject ? sql`${sql.raw(column)} = ${q.subject}` : subjectScope(actor, sql.raw(column));
  if (q.attendance !== undefined && q.compareAttendance !== undefined && q.numberAttendance !== undefined) {
    const count = sql`(select count(*) from attendances a where a.student_id = s.id and not a.deleted
      and a.status = ${q.attendance} and ${inSubject('a.subject_id')})`;
    where.push(compared(q.compareAttendance, count, q.numberAttendance));
  }
  if (q.scoreNameId && q.achievement !== undefined && q.numberAchievement !== undefined) {
    const points = sql`(select max(ac.points) from achievements ac where ac.student_id = s.id
      and not ac.deleted and ac.score_name_id = ${q.scoreNameId} and ${inSubject('ac.subject_id')})`;
    where.push(compared(q.achievement, points, q.numberAchievement));
  }
  if (q.grade !== undefined && q.numberGrade !== undefined) {
    const gpa = sql`(select avg(g.gpa) from ${enrolmentGpas(sql`(select ss.id from ${liveEnrolments} ss
      where ss.student_id = s.id and ${inSubject('ss.subject_id')})`)} g)`;
    where.push(compared(q.grade, gpa, q.numberGrade));
  }
  return where;
}

const searchRowSchema = studentRowSchema.extend({ total: totalColumnSchema });

/** `GET /api/students/search`: one page of the students the caller sees that meet every filter. */
export async function searchStudents(db: Executor, actor: Actor, q: StudentSearchQuery) {
  const where = sql.join(searchConditions(actor, q), sql` and `);
  const direction = q.sortType === 'desc' ? sql`desc` : sql`asc`;
  const offset = (q.page - 1) * q.limit;
  const rows = await queryRows(
    db,
    sql`select ${STUDENT_COLUMNS}, count(*) over () as total ${STUDENT_FROM} where ${where}
        order by s.identity ${direction}, s.id ${direction} limit ${q.limit} offset ${offset}`,
    searchRowSchema,
  );
  // A page past the end carries no window count, so the total is counted apart only then.
  const total =
    rows[0]?.total ??
    (
      await queryRows(
        db,
        sql`select count(*) as total ${STUDENT_FROM} where ${where}`,
        z.object({ total: totalColumnSchema }),
      )
    )[0]?.total ??
    0;
  return {
    data: rows.map(({ total: _total, ...row }) => toStudent(row)),
    meta: { pagination: paginationOf(rows.length, q.page, q.limit, total) },
  };
}

/** A live student the caller sees; 404 when there is none, 403 when it is another's (SPEC §8). */
async function readVisibleStudent(db: Executor, actor: Actor, studentId: string): Promise<StudentRow> {
  const [row] = await queryRows(
    db,
    sql`select ${STUDENT_COLUMNS}, ${studentScope(actor, sql`s.id`)} as visible ${STUDENT_FROM}
        where s.id = ${studentId} and ${LIVE_STUDENT}`,
    studentRowSchema.extend({ visible: z.boolean() }),
  );
  if (!row) throw notFound();
  if (!row.visible) throw forbidden();
  const { visible: _visible, ...student } = row;
  return student;
}

/** `GET /api/students/{id}`. */
export async function readStudent(db: Executor, actor: Actor, studentId: string): Promise<Student> {
  return toStudent(await readVisibleStudent(db, actor, studentId));
}

/**
 * Checks a batch of student writes against the database and itself: the university, faculty and year code
 * exist and belong together, and the actor may add students there (`studentAddScope`); every email is free
 * (among accounts and within the batch) and every student number free within its university. Errors are keyed
 * `prefix(index).field`.
 */
async function checkStudentRows(
  tx: Transaction,
  actor: Actor,
  rows: readonly StudentWrite[],
  prefix: (index: number) => string,
  own: { userId: string; studentId: string } | null = null,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  const add = (index: number, field: string, code: string) => {
    const key = `${prefix(index)}${field}`;
    errors[key] = [...(errors[key] ?? []), code];
  };
  const refs = await queryRows(
    tx,
    sql`select 'university' as kind, id::text as id, id::text as university_id from universities where not deleted
          and ${studentAddScope(actor, sql`id`)}
        union all select 'faculty', id::text, university_id::text from faculties where not deleted
        union all select 'year_code', id::text, university_id::text from year_codes where not deleted`,
    z.object({ kind: z.string(), id: z.string(), university_id: z.string().nullable() }),
  );
  const universityOf = new Map(refs.map((row) => [`${row.kind}:${row.id}`, row.university_id]));
  const emails = rows.map((row) => row.email.toLowerCase());
  const taken = await queryRows(
    tx,
    sql`select email from users where email in (${sql.join(
      emails.map((email) => sql`${email}`),
      sql`, `,
    )}) ${own ? sql`and id <> ${own.userId}` : sql``}`,
    z.object({ email: z.string() }),
  );
  const takenEmails = new Set(taken.map((row) => row.email));
  const identities = await queryRows(
    tx,
    sql`select university_id::text as university_id, identity from students
        where identity in (${sql.join(
          rows.map((row) => sql`${row.identity}`),
          sql`, `,
        )}) ${own ? sql`and id <> ${own.studentId}` : sql``}`,
    z.object({ university_id: z.string().nullable(), identity: z.string() }),
  );
  const takenIdentities = new Set(identities.map((row) => `${row.university_id}:${row.identity}`));
  const seenEmails = new Map<string, number>();
  const seenIdentities = new Map<string, number>();
  rows.forEach((row, index) => {
    if (!universityOf.has(`university:${row.university_id}`)) add(index, 'university_id', 'invalid');
    if (universityOf.get(`faculty:${row.faculty_id}`) !== row.university_id)
      add(index, 'faculty_id', 'invalid');
    const yearCodeUniversity = universityOf.get(`year_code:${row.year_code_id}`);
    if (
      yearCodeUniversity === undefined ||
      (yearCodeUniversity !== null && yearCodeUniversity !== row.university_id)
    )
      add(index, 'year_code_id', 'invalid');
    const email = row.email.toLowerCase();
    if (takenEmails.has(email) || seenEmails.has(email)) add(index, 'email', ValidationCode.emailTaken);
    seenEmails.set(email, index);
    const identity = `${row.university_id}:${row.identity}`;
    if (takenIdentities.has(identity) || seenIdentities.has(identity))
      add(index, 'identity', ValidationCode.identityTaken);
    seenIdentities.set(identity, index);
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/** A student row of a create, with the bulk add's guardian columns when it has them (issue 43). */
type StudentCreateRow = StudentWrite &
  Partial<Pick<StudentBulkRow, 'guardian_email' | 'guardian_name' | 'guardian_locale'>>;

/**
 * Refuses a batch whose guardian e-mail is also a student's e-mail of the same batch (each account has one
 * address): the error sits on the guardian column of the row.
 */
function checkGuardianColumns(rows: readonly StudentCreateRow[], prefix: (index: number) => string): void {
  const studentEmails = new Set(rows.map((row) => row.email.toLowerCase()));
  const errors: Record<string, string[]> = {};
  rows.forEach((row, index) => {
    if (row.guardian_email && studentEmails.has(row.guardian_email.toLowerCase())) {
      errors[`${prefix(index)}guardian_email`] = [ValidationCode.emailTaken];
    }
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/**
 * Creates students (one, or a bulk add of up to 50) in one transaction: every row is checked first and a
 * refused row writes nothing. Each new account has a password nobody knows and is mailed an invitation link
 * to choose one. A row naming a guardian links them (`linkGuardianWithin`: an existing guardian account, or a
 * new one invited in the row's language, the batch's when it gives none).
 */
async function createStudents(
  deps: PeopleDeps,
  actor: Actor,
  rows: readonly StudentCreateRow[],
  chosenLocale: Locale | undefined,
  prefix: (index: number) => string,
): Promise<Student[]> {
  checkGuardianColumns(rows, prefix);
  // One hash for the whole batch: an unknown random secret, so no account can sign in before its link.
  const unusable = await unusablePasswordHash(deps);
  const linked: LinkedGuardian[] = [];
  const created = await deps.db.transaction(async (tx) => {
    // Serialises student writes, so two adds of the same email or number cannot both pass the check.
    await lockAccountWrites(tx);
    await checkStudentRows(tx, actor, rows, prefix);
    const locale = chosenLocale ?? (await recipientLocale(tx, actor.id));
    const seq = await nextSequence(tx);
    const ids: string[] = [];
    for (const [index, row] of rows.entries()) {
      const [user] = await queryRows(
        tx,
        sql`insert into users (email, name, name_kana, phone, role, password_hash, locale, seq)
            values (${row.email.toLowerCase()}, ${row.name}, ${row.name_kana}, ${row.phone}, ${Role.student},
              ${unusable}, ${locale}, ${seq}) returning id::text as id, email`,
        z.object({ id: z.string(), email: z.string() }),
      );
      if (!user) throw new Error('student user not inserted');
      const [student] = await queryRows(
        tx,
        sql`insert into students (user_id, identity, university_id, faculty_id, year_code_id, jlpt, scholarship, seq)
            values (${user.id}, ${row.identity}, ${row.university_id}, ${row.faculty_id}, ${row.year_code_id},
              ${row.jlpt}, ${row.scholarship}, ${seq}) returning id::text as id`,
        z.object({ id: z.string() }),
      );
      if (!student) throw new Error('student not inserted');
      await issuePasswordLink(tx, deps, { user, kind: 'invite', ttlMs: AUTH_LIMITS.inviteTtlMs });
      ids.push(student.id);
      if (row.guardian_email && row.guardian_name) {
        const guardian = {
          email: row.guardian_email,
          name: row.guardian_name,
          locale: row.guardian_locale ?? locale,
        };
        linked.push(
          await linkGuardianWithin(tx, deps, actor, {
            studentId: student.id,
            guardian,
            seq,
            unusableHash: unusable,
            field: `${prefix(index)}guardian_email`,
          }),
        );
      }
    }
    return queryRows(
      tx,
      sql`select ${STUDENT_COLUMNS} ${STUDENT_FROM} where s.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) order by array_position(${sql`array[${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}]`}, s.id)`,
      studentRowSchema,
    );
  });
  deps.mailer.kick();
  await publishPeopleChange(deps);
  await publishGuardianChange(deps, linked);
  return created.map(toStudent);
}

/** `POST /api/students`: one student. */
export async function createStudent(deps: PeopleDeps, actor: Actor, body: StudentCreate): Promise<Student> {
  const { locale, ...write } = body;
  const [student] = await createStudents(deps, actor, [write], locale, () => '');
  if (!student) throw new Error('student not created');
  return student;
}

/** `POST /api/students/create-multi`: every row or none; errors keyed `students.{row}.{field}` (SPEC §5). */
export async function createStudentsBulk(deps: PeopleDeps, actor: Actor, body: StudentsBulkRequest) {
  return {
    students: await createStudents(deps, actor, body.students, body.locale, (index) => `students.${index}.`),
  };
}

/** `POST /api/students/{id}`: a teacher edits the students of the classes they teach, an admin any. */
export async function updateStudent(
  deps: PeopleDeps,
  actor: Actor,
  studentId: string,
  body: StudentWrite,
): Promise<Student> {
  const current = await readVisibleStudent(deps.db, actor, studentId);
  const [editable] = await queryRows(
    deps.db,
    sql`select ${studentEditScope(actor, sql`${studentId}::uuid`)} as allowed`,
    z.object({ allowed: z.boolean() }),
  );
  if (!editable?.allowed) throw forbidden();
  await deps.db.transaction(async (tx) => {
    await lockAccountWrites(tx);
    await checkStudentRows(tx, actor, [body], () => '', { userId: current.user_id, studentId });
    const seq = await nextSequence(tx);
    await tx.execute(sql`update users set email = ${body.email.toLowerCase()}, name = ${body.name},
        name_kana = ${body.name_kana}, phone = ${body.phone}, seq = ${seq}, updated_at = now()
        where id = ${current.user_id}`);
    await tx.execute(sql`update students set identity = ${body.identity}, university_id = ${body.university_id},
        faculty_id = ${body.faculty_id}, year_code_id = ${body.year_code_id}, jlpt = ${body.jlpt},
        scholarship = ${body.scholarship}, seq = ${seq}, updated_at = now() where id = ${studentId}`);
  });
  await publishPeopleChange(deps);
  return readStudent(deps.db, actor, studentId);
}

const historySchema = z.object({ has_history: z.boolean() });

/**
 * `DELETE /api/students/{id}`. A student with attendance, scores or requests is deactivated: the rows stay
 * for history, reports and the names on past sheets; the account leaves the lists, cannot sign in, and
 * leaves every class roster, so no new lesson lists them. A student without history is deleted (soft, so
 * devices drop them) and the address freed.
 */
export async function deleteStudent(deps: PeopleDeps, actor: Actor, studentId: string): Promise<void> {
  const current = await readVisibleStudent(deps.db, actor, studentId);
  await deps.db.transaction(async (tx) => {
    const [history] = await queryRows(
      tx,
      sql`select exists (select 1 from attendances where student_id = ${studentId})
          or exists (select 1 from achievements where student_id = ${studentId})
          or exists (select 1 from requests where student_id = ${studentId}) as has_history`,
      historySchema,
    );
    const seq = await nextSequence(tx);
    if (history?.has_history) {
      await tx.execute(sql`update users set deactivated_at = ${deps.now()}, seq = ${seq}, updated_at = now()
          where id = ${current.user_id}`);
    } else {
      await tx.execute(sql`update users set deleted = true, email = ${`deleted-${current.user_id}@deleted.invalid`},
          seq = ${seq}, updated_at = now() where id = ${current.user_id}`);
      await tx.execute(sql`update students set deleted = true, seq = ${seq}, updated_at = now()
          where id = ${studentId}`);
    }
    await tx.execute(sql`update class_students set deleted = true, seq = ${seq}, updated_at = now()
        where student_id = ${studentId} and not deleted`);
    await endTrust(tx, current.user_id, null);
  });
  await publishPeopleChange(deps, ['subjects', 'attendance', 'achievements']);
}

const classRowSchema = z.object({
  subject_id: z.string(),
  university_id: z.string(),
  enrolment_id: z.string().nullable(),
  current_class_id: z.string().nullable(),
  current_id: z.string().nullable(),
});

/**
 * `POST /api/students/{id}/lesson {classId}`: puts the student in a class, enrolling them in its subject
 * first when needed; a student already in another class of the subject moves. Admins place anyone; a
 * teacher places students into the classes they are in charge of, and moves one only out of such a class. The class must be of the student's
 * university.
 */
export async function putStudentInClass(
  deps: PeopleDeps,
  actor: Actor,
  studentId: string,
  classId: string,
): Promise<void> {
  const [student] = await queryRows(
    deps.db,
    sql`select s.university_id::text as university_id from students s join users u on u.id = s.user_id
        where s.id = ${studentId} and ${LIVE_STUDENT}`,
    z.object({ university_id: z.string().nullable() }),
  );
  if (!student) throw notFound();
  await requireClassWork(deps.db, actor, classId);
  await deps.db.transaction(async (tx) => {
    const [place] = await queryRows(
      tx,
      sql`select c.subject_id::text as subject_id, c.university_id::text as university_id,
            ${enrolmentIdOf(sql`c.subject_id`, sql`${studentId}::uuid`)}::text as enrolment_id,
            cs.class_id::text as current_class_id, cs.id::text as current_id
          from subject_classes c
          left join class_students cs on cs.subject_id = c.subject_id and cs.student_id = ${studentId}
            and not cs.deleted
          where c.id = ${classId} and not c.deleted`,
      classRowSchema,
    );
    if (!place) throw validationFailed({ classId: ['invalid'] });
    if (place.university_id !== student.university_id) throw validationFailed({ classId: ['invalid'] });
    if (place.current_class_id === classId) return;
    // Moving a student takes them off their current class's roster: that class's work too.
    if (place.current_class_id) await requireClassWork(tx, actor, place.current_class_id);
    const seq = await nextSequence(tx);
    const partition = sql`${place.subject_id}, ${place.university_id}, ${seq}`;
    let enrolmentId = place.enrolment_id;
    if (enrolmentId) {
      await tx.execute(sql`update subject_students set deleted = false, seq = ${seq}, updated_at = now()
          where id = ${enrolmentId} and deleted`);
    } else {
      const [row] = await queryRows(
        tx,
        sql`insert into subject_students (subject_id, university_id, seq, student_id)
            values (${partition}, ${studentId}) returning id::text as id`,
        z.object({ id: z.string() }),
      );
      enrolmentId = row?.id ?? null;
    }
    if (place.current_id) {
      await tx.execute(sql`update class_students set deleted = true, seq = ${seq}, updated_at = now()
          where id = ${place.current_id}`);
    }
    await tx.execute(sql`insert into class_students (subject_id, university_id, seq, class_id, student_id,
        subject_student_id) values (${partition}, ${classId}, ${studentId}, ${enrolmentId})`);
    // The student's own row changes too, so every device that now sees them pulls them in.
    await tx.execute(sql`update students set seq = ${seq} where id = ${studentId}`);
  });
  await publishPeopleChange(deps, ['subjects', 'attendance', 'achievements']);
}

const namedRow = z.object({ id: z.string(), name: z.string() });

/**
 * `GET /api/students/data-filter/{yearCodeId}/{facultyId}`: the subjects of a year code and faculty the
 * caller sees, with their lessons, classes and score names: the choices of the search's filters.
 */
export async function readStudentFilterData(
  db: Executor,
  actor: Actor,
  yearCodeId: string,
  facultyId: string,
) {
  const subjectIds = sql`(select p.id from subjects p where not p.deleted and p.year_code_id = ${yearCodeId}
    and p.faculty_id = ${facultyId} and ${subjectScope(actor, sql`p.id`)})`;
  // Every list is of choices, (id, name) rows.
  const choices = (query: SQL) => queryRows(db, query, namedRow);
  const subjects = await choices(
    sql`select p.id::text as id, sn.name from subjects p join subject_names sn on sn.id = p.subject_name_id
        where p.id in ${subjectIds} order by sn.name, p.id`,
  );
  const lessons = await choices(
    sql`select l.id::text as id, l.name from lessons l where not l.deleted and l.subject_id in ${subjectIds}
        order by l.name, l.id`,
  );
  // A class name repeats across subjects (A組 of each), so the choice names its subject too.
  const classes = await choices(
    sql`select c.id::text as id, sn.name || ' ' || cn.name as name from subject_classes c
        join class_names cn on cn.id = c.class_name_id join subjects p on p.id = c.subject_id
        join subject_names sn on sn.id = p.subject_name_id
        where not c.deleted and c.subject_id in ${subjectIds} order by sn.name, cn.name, c.id`,
  );
  const scoreNames = await choices(
    sql`select n.id::text as id, n.name from score_names n where not n.deleted and n.subject_id in ${subjectIds}
        order by n.name, n.id`,
  );
  return { subjects, lessons, classes, scoreNames };
}
