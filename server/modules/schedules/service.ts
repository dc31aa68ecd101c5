import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FieldError } from '../../../domain/errors';
import { mayReadTimesheet } from '../../../domain/permissions';
import { Role } from '../../../domain/roles';
import { fillTimesheetYear, monthBounds } from '../../../domain/schedules';
import type {
  CalendarSchedule,
  ScheduleFilter,
  Timesheet,
  UserScheduleFilterResponse,
} from '../../../domain/schemas/schedules';
import { scheduleFilterSchema } from '../../../domain/schemas/schedules';
import type { Actor } from '../../access/actor';
import {
  calendarAssist,
  calendarScope,
  publishedSitting,
  taughtByAny,
  teachersNamedOn,
} from '../../access/schedules';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { forbidden, notFound, validationFailed } from '../../http-error';
import { readFacultyYearCodes } from '../master/service';
import { TEACHER_COLUMNS, teacherRowSchema, toTeacher } from '../shared/teachers';

/** A day range of a calendar call, both ends included. */
export interface DayRange {
  first: string;
  last: string;
}

/** Where a school calendar looks: a university's faculty and year code. */
export interface SchoolPlace {
  university: string;
  faculty: string;
  yearCode: string;
}

const calendarRow = z.object({
  id: z.string(),
  subject_id: z.string(),
  subject_name: z.string(),
  lesson_id: z.string(),
  lesson_name: z.string(),
  lesson_type: z.number(),
  class_id: z.string(),
  class_name: z.string(),
  year_code_id: z.string().nullable(),
  year_code_name: z.string().nullable(),
  year_code_color: z.string().nullable(),
  day: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  room_id: z.string().nullable(),
  room_name: z.string().nullable(),
  teachers: z.array(z.object({ id: z.string(), name: z.string() })),
  assist: z.boolean(),
});
type CalendarRow = z.infer<typeof calendarRow>;

function toCalendarSchedule(row: CalendarRow): CalendarSchedule {
  return {
    id: row.id,
    subject: { id: row.subject_id, name: row.subject_name },
    lesson: {
      id: row.lesson_id,
      name: row.lesson_name,
      type: row.lesson_type as CalendarSchedule['lesson']['type'],
    },
    class: { id: row.class_id, name: row.class_name },
    year_code:
      row.year_code_id === null
        ? null
        : { id: row.year_code_id, name: row.year_code_name ?? '', color: row.year_code_color },
    day: row.day,
    start_time: row.start_time,
    end_time: row.end_time,
    room: row.room_id === null ? null : { id: row.room_id, name: row.room_name ?? '' },
    teachers: row.teachers,
    assist: row.assist,
  };
}

/**
 * The published sittings the actor may see (`calendarScope`) within a day range and a further condition on
 * the sitting `s` and its subject `p`, in time order (day, start, id), with what a calendar shows of each.
 */
async function calendar(db: Executor, actor: Actor, range: DayRange, where: SQL) {
  const rows = await queryRows(
    db,
    sql`select s.id::text, p.id::text as subject_id, sn.name as subject_name, l.id::text as lesson_id,
        l.name as lesson_name, l.type::int as lesson_type, c.id::text as class_id, cn.name as class_name,
        y.id::text as year_code_id, y.name as year_code_name, y.color as year_code_color, s.day::text,
        to_char(s.start_time, 'HH24:MI') as start_time, to_char(s.end_time, 'HH24:MI') as end_time,
        r.id::text as room_id, r.name as room_name,
        coalesce((select json_agg(json_build_object('id', u.id::text, 'name', u.name) order by u.name, u.id)
          from users u where u.id in ${teachersNamedOn(sql`s.id`)}), '[]'::json) as teachers,
        ${calendarAssist(actor)} as assist
      from schedules s join lessons l on l.id = s.lesson_id join subjects p on p.id = s.subject_id
      join subject_names sn on sn.id = p.subject_name_id join subject_classes c on c.id = s.class_id
      join class_names cn on cn.id = c.class_name_id left join year_codes y on y.id = p.year_code_id
      left join rooms r on r.id = s.room_id
      where ${publishedSitting} and s.day between ${range.first}::date and ${range.last}::date
        and ${calendarScope(actor)} and ${where}
      order by s.day, s.start_time, s.id`,
    calendarRow,
  );
  return { schedules: rows.map(toCalendarSchedule) };
}

/** The day range of a `YYYY-MM` month (the params schema has already checked its form). */
export function monthRange(month: string): DayRange {
  const bounds = monthBounds(month);
  if (!bounds) throw validationFailed({ month: ['invalid_date'] });
  return bounds;
}

/** The condition "the subject `p` is this school place's". */
function inSchoolPlace(place: SchoolPlace): SQL {
  return sql`p.university_id = ${place.university} and p.faculty_id = ${place.faculty}
    and p.year_code_id = ${place.yearCode}`;
}

/** The school calendars (monthly and weekly): a university/faculty/year code's sittings. */
export function schoolCalendar(db: Executor, actor: Actor, place: SchoolPlace, range: DayRange) {
  return calendar(db, actor, range, inSchoolPlace(place));
}

/**
 * The teacher calendars: the sittings of the teachers asked for (SPEC §7 "(teachers)"), the caller's own when
 * none are named; optionally only a faculty's year code. Staff but 3 may look at any teacher (SPEC §6).
 */
export function teacherCalendar(
  db: Executor,
  actor: Actor,
  teachers: readonly string[] | undefined,
  range: DayRange,
  place?: { faculty: string; yearCode: string },
) {
  const who = teachers && teachers.length > 0 ? teachers : [actor.id];
  const where = place
    ? sql`${taughtByAny(who)} and p.faculty_id = ${place.faculty} and p.year_code_id = ${place.yearCode}`
    : taughtByAny(who);
  return calendar(db, actor, range, where);
}

/**
 * The student calendars: the signed-in student's own sittings and the assist lessons of their subjects'
 * other classes (`calendarScope`), the latter marked `assist`.
 */
export function studentCalendar(db: Executor, actor: Actor, range: DayRange) {
  return calendar(db, actor, range, sql`true`);
}

const namedRow = z.object({ id: z.string(), name: z.string() });

/**
 * `GET /api/schedules/year-code-by-faculty/...`: the live year codes of a university's faculty, the master
 * setting's own list (`readFacultyYearCodes`) by id and name.
 */
export async function scheduleYearCodes(db: Database, universityId: string, facultyId: string) {
  const { yearCodes } = await readFacultyYearCodes(db, universityId, facultyId);
  return { yearCodes: yearCodes.map(({ id, name }) => ({ id, name })) };
}

/**
 * `GET /api/schedules/teachers-for-filter`: the teachers named by `userIds` (unknown or non-teacher ids are
 * dropped), every teacher when the list is empty, by name.
 */
export async function teachersForFilter(db: Executor, userIds: readonly string[]) {
  const only =
    userIds.length === 0
      ? sql`true`
      : sql`u.id in (${sql.join(
          userIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`;
  const rows = await queryRows(
    db,
    sql`select ${TEACHER_COLUMNS}
      from users u where u.role = ${Role.teacher} and not u.deleted and ${only} order by u.name, u.id`,
    teacherRowSchema,
  );
  return { teachers: rows.map(toTeacher) };
}

const yearCodeRow = namedRow.extend({ faculty_id: z.string() });
const filterRow = z.object({ filter: z.unknown() });

/**
 * `GET /api/schedules/get-filter` (SPEC §3 user schedule filter): the teachers, faculties and year codes to
 * filter by, and the caller's saved filter (null before the first save, or when what was saved no longer
 * parses), so the filter follows the user to another device.
 */
export async function scheduleFilterOf(db: Executor, actor: Actor): Promise<UserScheduleFilterResponse> {
  const users = await queryRows(
    db,
    sql`select u.id::text, u.name from users u where u.role = ${Role.teacher} and not u.deleted
        order by u.name, u.id`,
    namedRow,
  );
  const faculties = await queryRows(
    db,
    sql`select f.id::text, f.name from faculties f where not f.deleted order by f.name, f.id`,
    namedRow,
  );
  const yearCodes = await queryRows(
    db,
    sql`select y.id::text, y.name, y.faculty_id::text from year_codes y
        where not y.deleted and y.faculty_id is not null order by y.name, y.id`,
    yearCodeRow,
  );
  const [saved] = await queryRows(
    db,
    sql`select filter from schedule_filters where user_id = ${actor.id}`,
    filterRow,
  );
  const filter = scheduleFilterSchema.safeParse(saved?.filter);
  return {
    users,
    faculties_by_user: faculties,
    yearcodes_by_user: yearCodes,
    filter: filter.success ? filter.data : null,
  };
}

const countRow = z.object({ found: z.number() });

/** How many of `ids` are live rows of `table` (with an extra condition on its alias `x`). */
async function liveCount(db: Executor, table: string, ids: readonly string[], extra: SQL = sql`true`) {
  if (ids.length === 0) return 0;
  const [row] = await queryRows(
    db,
    sql`select count(*)::int as found from ${sql.identifier(table)} x where not x.deleted and ${extra}
        and x.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
    countRow,
  );
  return row?.found ?? 0;
}

/**
 * `POST /api/schedules/save-filter`: stores the caller's filter. Every id must name a live row of its kind
 * (a teacher for `teachers`), checked before anything is written, so a hostile filter stores nothing.
 */
export async function saveScheduleFilter(db: Executor, actor: Actor, filter: ScheduleFilter) {
  const errors: Record<string, string[]> = {};
  const checks: [keyof ScheduleFilter, string, string | null][] = [
    ['university', 'universities', filter.university],
    ['faculty', 'faculties', filter.faculty],
    ['yearCode', 'year_codes', filter.yearCode],
  ];
  for (const [field, table, id] of checks) {
    if (id !== null && (await liveCount(db, table, [id])) !== 1) errors[field] = [FieldError.invalid];
  }
  const teachers = await liveCount(db, 'users', filter.teachers, sql`x.role = ${Role.teacher}`);
  if (teachers !== filter.teachers.length) errors.teachers = [FieldError.invalid];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  await db.execute(sql`insert into schedule_filters (user_id, filter, updated_at)
    values (${actor.id}, ${JSON.stringify(filter)}::jsonb, now())
    on conflict (user_id) do update set filter = excluded.filter, updated_at = excluded.updated_at`);
  return filter;
}

const timesheetMonthRow = z.object({ month: z.number(), schedules: z.number(), minutes: z.number() });

/**
 * `GET /api/teachers/{teacherId}/timesheet/{year}`: per month, the published sittings the teacher taught and
 * their minutes, for whom `mayReadTimesheet` lets read it. 404 when the id is no teacher.
 */
export async function teacherTimesheet(db: Executor, actor: Actor, teacherId: string, year: number) {
  if (!mayReadTimesheet(actor, teacherId)) throw forbidden();
  const [teacher] = await queryRows(
    db,
    sql`select u.id::text, u.name from users u where u.id = ${teacherId} and u.role = ${Role.teacher}`,
    namedRow,
  );
  if (!teacher) throw notFound();
  const counted = await queryRows(
    db,
    sql`select extract(month from s.day)::int as month, count(*)::int as schedules,
        coalesce(sum(extract(epoch from (s.end_time - s.start_time)) / 60), 0)::int as minutes
      from schedules s join lessons l on l.id = s.lesson_id join subjects p on p.id = s.subject_id
      where ${publishedSitting} and ${taughtByAny([teacherId])}
        and s.day between ${`${year}-01-01`}::date and ${`${year}-12-31`}::date
      group by 1 order by 1`,
    timesheetMonthRow,
  );
  const timesheet: Timesheet = { teacher, year, months: fillTimesheetYear(counted) };
  return timesheet;
}
