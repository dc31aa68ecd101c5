import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { LessonType, PublishState } from '../../../domain/lessons';
import { lessonPlanStatus } from '../../../domain/lessons';
import type { Lesson, LessonSchedule } from '../../../domain/schemas/lessons';
import type { SubjectClass, SubjectSummary } from '../../../domain/schemas/subjects';
import type { Actor } from '../../access/actor';
import { classStudentScope, teacherIdArrayOfClass } from '../../access/classes';
import { teachersNamedOn } from '../../access/schedules';
import { lessonPublishScope, subjectReadScope } from '../../access/subjects';
import type { Executor } from '../../db/client';
import { inList, queryRows } from '../../db/rows';
import { notFound } from '../../http-error';

// The reads of the subject and lesson screens, shared by the subjects and lessons services.

const namedRow = z.object({ id: z.string(), name: z.string() });
const jsonList = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullable()
    .transform((rows) => rows ?? []);

const summaryRow = z.object({
  id: z.string(),
  name: z.string(),
  university_id: z.string(),
  university_name: z.string(),
  faculty_id: z.string().nullable(),
  faculty_name: z.string().nullable(),
  year_code_id: z.string().nullable(),
  year_code_name: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  publish: z.number(),
  subject_name_id: z.string(),
  semester_id: z.string().nullable(),
  total: z.coerce.number().int(),
});
export type SummaryRow = z.infer<typeof summaryRow>;

/** The select of subjects as lists show them, `p` the subject, with a window count of the whole result. */
export const SUMMARY_FROM = sql`from subjects p join subject_names sn on sn.id = p.subject_name_id
  join universities u on u.id = p.university_id left join faculties f on f.id = p.faculty_id
  left join year_codes y on y.id = p.year_code_id`;

const SUMMARY_COLUMNS = sql`p.id::text as id, sn.name, u.id::text as university_id, u.name as university_name,
  f.id::text as faculty_id, f.name as faculty_name, y.id::text as year_code_id, y.name as year_code_name,
  p.start_date::text as start_date, p.end_date::text as end_date, p.publish::int as publish,
  p.subject_name_id::text as subject_name_id, p.semester_id::text as semester_id, count(*) over () as total`;

/** Subjects as lists show them, under `where`, in `order`, one page. */
export function readSummaries(db: Executor, where: SQL, order: SQL, limit: number, offset: number) {
  return queryRows(
    db,
    sql`select ${SUMMARY_COLUMNS} ${SUMMARY_FROM} where not p.deleted and ${where}
        order by ${order} limit ${limit} offset ${offset}`,
    summaryRow,
  );
}

/** A summary row as the calls answer it. */
export function toSummary(row: SummaryRow): SubjectSummary {
  return {
    id: row.id,
    name: row.name,
    university: { id: row.university_id, name: row.university_name },
    faculty: row.faculty_id === null ? null : { id: row.faculty_id, name: row.faculty_name ?? '' },
    year_code: row.year_code_id === null ? null : { id: row.year_code_id, name: row.year_code_name ?? '' },
    start_date: row.start_date,
    end_date: row.end_date,
    publish: row.publish as PublishState,
  };
}

/** A live subject the actor may open (`subjectReadScope`), or 404 so ids of others do not leak. */
export async function readSubjectSummary(db: Executor, actor: Actor, subjectId: string): Promise<SummaryRow> {
  const [row] = await readSummaries(
    db,
    sql`p.id = ${subjectId} and ${subjectReadScope(actor, sql`p.id`)}`,
    sql`p.id`,
    1,
    0,
  );
  if (!row) throw notFound();
  return row;
}

const classRow = z.object({
  id: z.string(),
  name: z.string(),
  class_name_id: z.string(),
  teachers: jsonList(namedRow),
  students: jsonList(z.object({ id: z.string(), identity: z.string(), name: z.string() })),
});

/**
 * The classes of a subject with their teachers and the students the actor may see (`classStudentScope`: a
 * teacher their own classes' students, a student only themself), in class-name order.
 */
export async function readClasses(
  db: Executor,
  actor: Actor,
  subjectId: string,
  classId?: string,
): Promise<SubjectClass[]> {
  return queryRows(
    db,
    sql`select c.id::text as id, cn.name, c.class_name_id::text as class_name_id,
        (select json_agg(json_build_object('id', u.id::text, 'name', u.name) order by u.name, u.id)
          from users u where u.id::text = any(${teacherIdArrayOfClass(sql`c.id`)})) as teachers,
        (select json_agg(json_build_object('id', st.id::text, 'identity', st.identity, 'name', u.name)
            order by st.identity, st.id)
          from class_students cs join students st on st.id = cs.student_id join users u on u.id = st.user_id
          where cs.class_id = c.id and not cs.deleted
            and ${classStudentScope(actor, sql`cs.class_id`, sql`cs.student_id`)}) as students
      from subject_classes c join class_names cn on cn.id = c.class_name_id
      where c.subject_id = ${subjectId} and not c.deleted ${classId ? sql`and c.id = ${classId}` : sql``}
      order by cn.name, c.id`,
    classRow,
  );
}

const lessonRow = z.object({
  id: z.string(),
  subject_id: z.string(),
  name: z.string(),
  type: z.number(),
  publish: z.number(),
  table_of_contents: z.string().nullable(),
  overview: z.string().nullable(),
  minutes: z.number().nullable(),
  exam_name_id: z.string().nullable(),
  score_names: jsonList(
    z.object({
      id: z.string(),
      name: z.string(),
      full_score: z.number(),
      option_plus: z.boolean(),
      parent_id: z.string().nullable(),
    }),
  ),
});

/**
 * The live lessons and exams of a subject under `where` (on `l`), the actor's publish scope applied, ordered
 * by their first sitting (lessons without one last) and name.
 */
export async function readLessons(
  db: Executor,
  actor: Actor,
  subjectId: string,
  where: SQL,
): Promise<Lesson[]> {
  const rows = await queryRows(
    db,
    sql`select l.id::text as id, l.subject_id::text as subject_id, l.name, l.type::int as type,
        l.publish::int as publish, l.table_of_contents, l.overview, l.minutes, l.exam_name_id::text as exam_name_id,
        (select json_agg(json_build_object('id', n.id::text, 'name', n.name, 'full_score', n.full_score::float8,
            'option_plus', n.option_plus, 'parent_id', n.parent_id::text) order by n.position, n.name)
          from score_names n where n.lesson_id = l.id and not n.deleted) as score_names
      from lessons l
      where l.subject_id = ${subjectId} and not l.deleted and ${lessonPublishScope(actor, sql`l.publish`)}
        and ${where}
      order by (select min(s.day + s.start_time) from schedules s where s.lesson_id = l.id and not s.deleted)
        nulls last, l.name, l.id`,
    lessonRow,
  );
  return rows.map((row) => ({ ...row, type: row.type as LessonType, publish: row.publish as PublishState }));
}

const scheduleRow = z.object({
  id: z.string(),
  lesson_id: z.string(),
  class_id: z.string(),
  class_name: z.string(),
  day: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  room_id: z.string().nullable(),
  room_name: z.string().nullable(),
  teachers: jsonList(namedRow),
  plan_id: z.string().nullable(),
  plan_publish: z.number().nullable(),
});

/** The live schedules of some lessons or of one class (`where` on `s`), in time order. */
export async function readSchedules(
  db: Executor,
  where: SQL,
): Promise<(LessonSchedule & { lesson_id: string })[]> {
  const rows = await queryRows(
    db,
    sql`select s.id::text as id, s.lesson_id::text as lesson_id, s.class_id::text as class_id, cn.name as class_name,
        s.day::text as day, to_char(s.start_time, 'HH24:MI') as start_time, to_char(s.end_time, 'HH24:MI') as end_time,
        r.id::text as room_id, r.name as room_name,
        (select json_agg(json_build_object('id', u.id::text, 'name', u.name) order by u.name, u.id)
          from users u where u.id in ${teachersNamedOn(sql`s.id`)}) as teachers,
        pl.id::text as plan_id, pl.publish::int as plan_publish
      from schedules s join subject_classes c on c.id = s.class_id join class_names cn on cn.id = c.class_name_id
      left join rooms r on r.id = s.room_id
      left join lateral (select x.id, x.publish from plans x where x.schedule_id = s.id and not x.deleted
        order by x.created_at desc limit 1) pl on true
      where not s.deleted and ${where}
      order by s.day, s.start_time, cn.name, s.id`,
    scheduleRow,
  );
  return rows.map((row) => ({
    id: row.id,
    lesson_id: row.lesson_id,
    class: { id: row.class_id, name: row.class_name },
    day: row.day,
    start_time: row.start_time,
    end_time: row.end_time,
    room: row.room_id === null ? null : { id: row.room_id, name: row.room_name ?? '' },
    teachers: row.teachers,
    plan_id: row.plan_id,
    plan_status: lessonPlanStatus(
      row.plan_publish === null ? null : { publish: row.plan_publish as PublishState },
    ),
  }));
}

const countRow = z.object({ n: z.coerce.number().int() });

/**
 * How many records (attendance marks, entered scores) hang on these schedules or score names: a sitting or
 * a score name with records is never silently erased.
 */
export async function countRecords(
  db: Executor,
  place: { scheduleIds?: readonly string[]; scoreNameIds?: readonly string[] },
): Promise<number> {
  const parts: SQL[] = [];
  if (place.scheduleIds && place.scheduleIds.length > 0) {
    parts.push(sql`(select count(*) from attendances a where not a.deleted and a.status is not null
      and a.schedule_id in (${inList(place.scheduleIds)}))`);
  }
  if (place.scoreNameIds && place.scoreNameIds.length > 0) {
    parts.push(sql`(select count(*) from achievements a where not a.deleted and a.points is not null
      and a.score_name_id in (${inList(place.scoreNameIds)}))`);
  }
  if (parts.length === 0) return 0;
  const [row] = await queryRows(db, sql`select ${sql.join(parts, sql` + `)} as n`, countRow);
  return row?.n ?? 0;
}
