import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AttendanceStatus } from '../../../domain/attendance';
import { isAttendanceHighlighted } from '../../../domain/attendance-highlights';
import { FieldError } from '../../../domain/errors';
import { PublishState } from '../../../domain/lessons';
import { byStudentNumber } from '../../../domain/names';
import { mayEditClassWork } from '../../../domain/permissions';
import { hasEnded, type SchoolMoment } from '../../../domain/schedules';
import {
  type AttendanceEntry,
  type AttendanceUpdateRequest,
  attendanceHistoryEntrySchema,
  type ExchangeAttendanceRequest,
} from '../../../domain/schemas/attendance';
import type { AttendanceDoc } from '../../../domain/sync-docs';
import { attendanceId } from '../../../domain/sync-ids';
import type { Actor } from '../../access/actor';
import { classWorkReadScope, requireClassWorkRead } from '../../access/class-work';
import { requireClassWork, teacherIdArrayOfClass } from '../../access/classes';
import { requireSubjectVisible, subjectScope } from '../../access/subjects';
import { createBatchLane } from '../../db/batch-lane';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { forbidden, notFound, validationFailed } from '../../http-error';
import type { SyncPushDeps } from '../../sync/engine';
import { pushAsCall } from '../../sync/push-call';
import {
  attendanceCollection,
  attendanceDocsOf,
  attendanceSelect,
  exchangedAttendanceCollection,
  readAttendances,
  unmarkedAttendance,
} from './collection';

const idRow = z.object({ id: z.string() });

/** The REST shape of an attendance (SPEC §3 `attendances[]`). */
function toEntry(doc: AttendanceDoc): AttendanceEntry {
  return {
    id: doc.id,
    status: doc.status,
    class_student_id: doc.classStudentId,
    schedule_id: doc.scheduleId,
    absence_reasons: doc.absenceReasons,
    comment: doc.comment,
  };
}

const placeRow = z.object({ subject_id: z.string(), university_id: z.string(), class_id: z.string() });

/** A live schedule's subject and class, or 404. */
async function scheduleOf(db: Executor, scheduleId: string) {
  const [row] = await queryRows(
    db,
    sql`select subject_id::text, university_id::text, class_id::text from schedules
        where id = ${scheduleId} and not deleted`,
    placeRow,
  );
  if (!row) throw notFound();
  return row;
}

/** A live class and its subject, or 404. */
async function classOf(db: Executor, classId: string) {
  const [row] = await queryRows(
    db,
    sql`select subject_id::text, university_id::text, id::text as class_id from subject_classes
        where id = ${classId} and not deleted`,
    placeRow,
  );
  if (!row) throw notFound();
  return row;
}

const saveContextRow = z.object({
  k: z.number(),
  schedule_subject_id: z.string().nullable(),
  schedule_university_id: z.string().nullable(),
  schedule_class_id: z.string().nullable(),
  class_subject_id: z.string().nullable(),
  class_university_id: z.string().nullable(),
  class_id: z.string().nullable(),
  teacher_ids: z.array(z.string()),
  students: z.array(z.tuple([z.string(), z.string()])),
  marks: z.array(z.unknown()),
});

/** What one save asks before it writes: its sitting, its class, the class students it names and their marks. */
interface SaveAsk {
  scheduleId: string;
  classId: string;
  classStudentIds: string[];
  attendanceIds: string[];
}

/** What a save checks and bases its marks on (`saveContextsOf`). */
interface SaveContext {
  schedule: { subject_id: string; university_id: string; class_id: string } | null;
  subjectClass: { subject_id: string; university_id: string; class_id: string } | null;
  teacherIds: string[];
  /** The named class students live in the class, to their student ids. */
  studentOf: Map<string, string>;
  /** The server's current marks among the asked ids. */
  marks: Map<string, AttendanceDoc>;
}

/**
 * Everything the saves of one batch check and base their marks on, in one statement for all of them: each
 * ask's live sitting and class, the class's teachers, which of the named class students are live in the
 * class, and the server's current marks with these ids. Under load this is what every save asked alone and
 * PGlite ran one at a time (issue #23): planning this statement costs more than running it, so the saves
 * that meet in the lane share it. Whether the actor sees the subject is asked only of a save about to be
 * refused (`saveAttendance`).
 */
async function saveContextsOf(db: Executor, asks: readonly SaveAsk[]): Promise<SaveContext[]> {
  const asked = JSON.stringify(
    asks.map((ask, k) => ({
      k,
      schedule_id: ask.scheduleId,
      class_id: ask.classId,
      class_student_ids: ask.classStudentIds,
      attendance_ids: ask.attendanceIds,
    })),
  );
  const rows = await queryRows(
    db,
    sql`select x.k, s.subject_id::text as schedule_subject_id, s.university_id::text as schedule_university_id,
        s.class_id::text as schedule_class_id, c.subject_id::text as class_subject_id,
        c.university_id::text as class_university_id, c.id::text as class_id,
        ${teacherIdArrayOfClass(sql`c.id`)} as teacher_ids,
        coalesce((select json_agg(json_build_array(cs.id::text, cs.student_id::text)) from class_students cs
          where cs.class_id = c.id and not cs.deleted and cs.id = any(x.class_student_ids)), '[]'::json) as students,
        coalesce((select json_agg(m) from (${attendanceSelect} where a.id = any(x.attendance_ids)) m),
          '[]'::json) as marks
        from json_to_recordset(${asked}::json)
          as x(k int, schedule_id uuid, class_id uuid, class_student_ids uuid[], attendance_ids uuid[])
        left join schedules s on s.id = x.schedule_id and not s.deleted
        left join subject_classes c on c.id = x.class_id and not c.deleted`,
    saveContextRow,
  );
  const byAsk = new Map(rows.map((row) => [row.k, row] as const));
  return asks.map((_, k) => {
    const row = byAsk.get(k);
    if (!row) throw new Error('the save context query answered no row for an ask');
    return {
      schedule:
        row.schedule_subject_id !== null &&
        row.schedule_university_id !== null &&
        row.schedule_class_id !== null
          ? {
              subject_id: row.schedule_subject_id,
              university_id: row.schedule_university_id,
              class_id: row.schedule_class_id,
            }
          : null,
      subjectClass:
        row.class_subject_id !== null && row.class_university_id !== null && row.class_id !== null
          ? {
              subject_id: row.class_subject_id,
              university_id: row.class_university_id,
              class_id: row.class_id,
            }
          : null,
      teacherIds: row.teacher_ids,
      studentOf: new Map(row.students),
      marks: new Map(attendanceDocsOf(row.marks).map((doc) => [doc.id, doc] as const)),
    };
  });
}

/** Most class students the saves of one batch name together. */
const MAX_STUDENTS_A_CONTEXT_BATCH = 500;

/**
 * The lane where concurrent saves ask their context together. Should the shared statement fail (it should
 * not: every id is checked as a UUID first), each save asks alone, so one bad ask fails only itself.
 */
function saveContextLane(deps: SyncPushDeps) {
  const ask = async (asks: readonly SaveAsk[]) =>
    (await saveContextsOf(deps.db, asks)).map((value) => ({ ok: true as const, value }));
  return deps.lanes.laneOf(saveContextsOf, () =>
    createBatchLane(
      (asks: readonly SaveAsk[]) =>
        ask(asks).catch(() =>
          Promise.all(
            asks.map((one) =>
              ask([one]).then(
                ([outcome]) => outcome ?? { ok: false as const, error: new Error('no answer') },
                (error: unknown) => ({ ok: false as const, error }),
              ),
            ),
          ),
        ),
      {
        inFlight: deps.lanes.inFlight,
        maxWeight: MAX_STUDENTS_A_CONTEXT_BATCH,
        weigh: (one) => one.classStudentIds.length,
      },
    ),
  );
}

/**
 * `POST /api/attendance/{scheduleId}`: writes the marks of one schedule for students of one class. The
 * request is checked whole first (the class's teacher, each student in the class, the schedule one of the
 * class's), so a bad request changes nothing; the marks then go through the attendance collection's push,
 * the same rule, merge and history the sync uses, based on the server's current rows (a form overwrites
 * the fields it sends).
 */
export async function saveAttendance(
  deps: SyncPushDeps,
  actor: Actor,
  scheduleId: string,
  body: AttendanceUpdateRequest,
  offline: boolean,
): Promise<{ attendances: AttendanceEntry[] }> {
  const entries = body.data.attendances;
  const ids = entries.map((entry) => attendanceId(entry.class_student_id, scheduleId));
  const context = await saveContextLane(deps).submit({
    scheduleId,
    classId: body.data.subjectClass,
    classStudentIds: entries.map((entry) => entry.class_student_id),
    attendanceIds: ids,
  });
  const { schedule, subjectClass } = context;
  if (!schedule || !subjectClass) throw notFound();
  if (!mayEditClassWork(actor, context.teacherIds)) {
    // 404 to whoever does not see the subject at all, so ids do not leak; 403 to a colleague of it.
    await requireSubjectVisible(deps.db, actor, subjectClass.subject_id);
    throw forbidden();
  }

  const errors: Record<string, string[]> = {};
  // The sitting must be one of this class's (SPEC §6: only the lessons assigned to the caller); a student
  // attends another class's sitting through the exchange call only.
  if (schedule.subject_id !== subjectClass.subject_id || schedule.class_id !== subjectClass.class_id)
    errors['data.subjectClass'] = [FieldError.invalid];
  const studentOf = context.studentOf;
  entries.forEach((entry, index) => {
    if (entry.schedule_id !== scheduleId)
      errors[`data.attendances.${index}.schedule_id`] = [FieldError.invalid];
    if (!studentOf.has(entry.class_student_id))
      errors[`data.attendances.${index}.class_student_id`] = [FieldError.invalid];
    if (entries.findIndex((other) => other.class_student_id === entry.class_student_id) !== index)
      errors[`data.attendances.${index}.class_student_id`] = [FieldError.invalid];
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  const current = context.marks;
  const rows = entries.map((entry, index) => {
    const id = ids[index] ?? '';
    const base = current.get(id) ?? null;
    const place = {
      id,
      subjectId: schedule.subject_id,
      universityId: schedule.university_id,
      classStudentId: entry.class_student_id,
      studentId: studentOf.get(entry.class_student_id) ?? '',
      scheduleId,
    };
    // Fields the call does not carry keep the server's value; those it carries are the form's.
    const next: AttendanceDoc = {
      ...(base ?? unmarkedAttendance(place)),
      ...place,
      status: entry.status,
      lateMinutes: entry.status === AttendanceStatus.late ? (base?.lateMinutes ?? null) : null,
      absenceReasons: entry.absence_reasons,
      comment: entry.comment,
      updatedAt: base?.updatedAt ?? 0,
      _deleted: false,
    };
    return { newDocumentState: next, assumedMasterState: base };
  });
  const written = await pushAsCall(deps, attendanceCollection, actor, rows, offline);
  return { attendances: written.map(toEntry) };
}

const namedRow = z.object({ id: z.string(), name: z.string() });

/** `GET /api/attendance/subjectsByYearCode/{facultyId}/{yearCodeId}`: the subjects there the user sees. */
export async function subjectsByYearCode(db: Executor, actor: Actor, facultyId: string, yearCodeId: string) {
  const subjects = await queryRows(
    db,
    sql`select s.id::text, n.name from subjects s join subject_names n on n.id = s.subject_name_id
        where not s.deleted and s.faculty_id = ${facultyId} and s.year_code_id = ${yearCodeId}
        and ${subjectScope(actor, sql`s.id`)} order by n.name, s.id`,
    namedRow,
  );
  return { subjects };
}

/** `GET /api/attendance/university/{universityId}/faculty/{facultyId}`: year codes holding a subject the user sees. */
export async function yearCodesByFaculty(
  db: Executor,
  actor: Actor,
  universityId: string,
  facultyId: string,
) {
  const yearCodeByFaculty = await queryRows(
    db,
    sql`select y.id::text, y.name from year_codes y where not y.deleted
        and exists (select 1 from subjects s where s.year_code_id = y.id and not s.deleted
          and s.university_id = ${universityId} and s.faculty_id = ${facultyId}
          and ${subjectScope(actor, sql`s.id`)})
        order by y.name, y.id`,
    namedRow,
  );
  return { yearCodeByFaculty };
}

/** `GET /api/attendance/classesBySubject/{subjectId}`: the subject's classes, named by their class names. */
export async function classesBySubject(db: Executor, actor: Actor, subjectId: string) {
  await requireSubjectVisible(db, actor, subjectId);
  const subjectClasses = await queryRows(
    db,
    sql`select c.id::text, n.name from subject_classes c join class_names n on n.id = c.class_name_id
        where c.subject_id = ${subjectId} and not c.deleted order by n.name, c.id`,
    namedRow,
  );
  return { subjectClasses };
}

const scheduleRow = z.object({
  id: z.string(),
  day: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  lesson_id: z.string(),
  lesson_name: z.string(),
});

const studentRow = z.object({
  class_student_id: z.string(),
  id: z.string(),
  identity: z.string(),
  name: z.string(),
});

/**
 * `GET /api/attendance/{subjectClassId}`: the sheet of a class: its schedules by day, its students by
 * identity, each with their marks (SPEC §3 attendance per student). Read by those the `classWork` rule lets
 * (docs/access.md: admins, and teachers of the class), as the achievement sheet and the attendance pull are:
 * a teacher of another class of the subject sees its sittings on calendars, not its students' marks.
 */
export async function classAttendance(db: Executor, actor: Actor, classId: string) {
  const subjectClass = await classOf(db, classId);
  await requireClassWorkRead(db, actor, { classId, subjectId: subjectClass.subject_id });
  const schedules = await queryRows(
    db,
    sql`select s.id::text, s.day::text, to_char(s.start_time, 'HH24:MI') as start_time,
        to_char(s.end_time, 'HH24:MI') as end_time, l.id::text as lesson_id, l.name as lesson_name
        from schedules s join lessons l on l.id = s.lesson_id
        where s.class_id = ${classId} and not s.deleted and not l.deleted
          and l.publish = ${PublishState.published} order by s.day, s.start_time, s.id`,
    scheduleRow,
  );
  const students = await queryRows(
    db,
    sql`select cs.id::text as class_student_id, st.id::text, st.identity, u.name
        from class_students cs join students st on st.id = cs.student_id join users u on u.id = st.user_id
        where cs.class_id = ${classId} and not cs.deleted`,
    studentRow,
  ).then((rows) => rows.sort(byStudentNumber));
  const marks = await readAttendances(
    db,
    students.flatMap((student) =>
      schedules.map((schedule) => attendanceId(student.class_student_id, schedule.id)),
    ),
  );
  const byStudent = new Map<string, AttendanceEntry[]>();
  for (const doc of marks) {
    if (doc._deleted) continue;
    byStudent.set(doc.classStudentId, [...(byStudent.get(doc.classStudentId) ?? []), toEntry(doc)]);
  }
  return {
    schedules: schedules.map((row) => ({
      id: row.id,
      day: row.day,
      start_time: row.start_time,
      end_time: row.end_time,
      lesson: { id: row.lesson_id, name: row.lesson_name },
    })),
    students: students.map((row) => ({
      class_student_id: row.class_student_id,
      student: { id: row.id, identity: row.identity, name: row.name },
      attendances: byStudent.get(row.class_student_id) ?? [],
    })),
  };
}

/**
 * `GET /api/attendance/history/{scheduleId}`: every change to the marks of one schedule the actor may read,
 * oldest first (who, when, old and new values, and whether it came from an offline replay; ARCHITECTURE §3).
 * A sitting may hold marks of students of other classes (an exchange), so the changes are kept row by row to
 * the class work rule of each mark's class student (`classWorkReadScope`), not to the sitting's class.
 */
export async function attendanceHistoryOf(db: Executor, actor: Actor, scheduleId: string) {
  const schedule = await scheduleOf(db, scheduleId);
  await requireSubjectVisible(db, actor, schedule.subject_id);
  const history = await queryRows(
    db,
    sql`select h.attendance_id::text, a.class_student_id::text, h.changed_by::text, u.name as changed_by_name,
        to_char(h.changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as changed_at,
        h.old_status::int, h.new_status::int, h.old_absence_reasons, h.new_absence_reasons, h.old_comment,
        h.new_comment, h.offline, h.request_id::text
        from attendance_history h join attendances a on a.id = h.attendance_id
        join class_students hcs on hcs.id = a.class_student_id
        join users u on u.id = h.changed_by
        where a.schedule_id = ${scheduleId} and ${classWorkReadScope(actor, sql`hcs.class_id`)}
        order by h.changed_at, h.id`,
    attendanceHistoryEntrySchema,
  );
  return { history };
}

const classStudentRow = z.object({
  id: z.string(),
  subject_id: z.string(),
  class_id: z.string(),
  student_id: z.string(),
});

/** A live class student, or 404. */
async function classStudentOf(db: Executor, classStudentId: string) {
  const [row] = await queryRows(
    db,
    sql`select id::text, subject_id::text, class_id::text, student_id::text from class_students
        where id = ${classStudentId} and not deleted`,
    classStudentRow,
  );
  if (!row) throw notFound();
  return row;
}

/**
 * `GET /api/exchange-attendance/{id}/{apply}` (SPEC §7, design in domain/schemas/attendance): for a class
 * student, the sittings of other classes of the subject it may attend instead (`apply` 1), or those it was
 * moved to already (`apply` 0), as sheet columns.
 */
export async function exchangeCandidates(db: Executor, actor: Actor, classStudentId: string, apply: boolean) {
  const classStudent = await classStudentOf(db, classStudentId);
  await requireClassWorkRead(db, actor, {
    classId: classStudent.class_id,
    subjectId: classStudent.subject_id,
  });
  const moved = sql`exists (select 1 from attendances a where a.schedule_id = s.id
    and a.class_student_id = ${classStudentId} and not a.deleted)`;
  const rows = await queryRows(
    db,
    sql`select s.id::text, s.day::text, to_char(s.start_time, 'HH24:MI') as start_time,
        to_char(s.end_time, 'HH24:MI') as end_time, l.id::text as lesson_id, l.name as lesson_name
        from schedules s join lessons l on l.id = s.lesson_id
        where s.subject_id = ${classStudent.subject_id} and s.class_id <> ${classStudent.class_id}
        and not s.deleted and not l.deleted and ${apply ? sql`not ${moved}` : moved}
        order by s.day, s.start_time, s.id`,
    scheduleRow,
  );
  return {
    schedules: rows.map((row) => ({
      id: row.id,
      day: row.day,
      start_time: row.start_time,
      end_time: row.end_time,
      lesson: { id: row.lesson_id, name: row.lesson_name },
    })),
  };
}

/**
 * `POST /api/exchange-attendance/{subjectId}`: students of one class attend another class's sitting of the
 * same lesson; each one's mark moves from `from_schedule_id` to `to_schedule_id` (the old one is deleted, the
 * new one carries its values). Checked whole first, then written through the attendance collection's push.
 */
export async function exchangeAttendance(
  deps: SyncPushDeps,
  actor: Actor,
  subjectId: string,
  body: ExchangeAttendanceRequest,
  offline: boolean,
): Promise<{ ok: true }> {
  const { db } = deps;
  await requireSubjectVisible(db, actor, subjectId);
  const from = { id: body.from_schedule_id, ...(await scheduleOf(db, body.from_schedule_id)) };
  const to = { id: body.to_schedule_id, ...(await scheduleOf(db, body.to_schedule_id)) };
  const lessons = await queryRows(
    db,
    sql`select lesson_id::text as id from schedules where id in (${from.id}, ${to.id}) order by (id = ${from.id}) desc`,
    idRow,
  );
  const errors: Record<string, string[]> = {};
  if (from.subject_id !== subjectId) errors.from_schedule_id = [FieldError.invalid];
  if (to.subject_id !== subjectId || to.class_id === from.class_id || lessons[0]?.id !== lessons[1]?.id)
    errors.to_schedule_id = [FieldError.invalid];
  const students = await queryRows(
    db,
    sql`select id::text, subject_id::text, class_id::text, student_id::text from class_students
        where not deleted and class_id = ${from.class_id}
        and id in (${sql.join(
          body.class_student_ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
    classStudentRow,
  );
  body.class_student_ids.forEach((id, index) => {
    if (!students.some((row) => row.id === id)) errors[`class_student_ids.${index}`] = [FieldError.invalid];
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  await requireClassWork(db, actor, from.class_id);

  const fromIds = students.map((row) => attendanceId(row.id, from.id));
  const toIds = students.map((row) => attendanceId(row.id, to.id));
  const current = new Map(
    (await readAttendances(db, [...fromIds, ...toIds])).map((doc) => [doc.id, doc] as const),
  );
  const rows = students.flatMap((student, index) => {
    const old = current.get(fromIds[index] ?? '');
    const target = current.get(toIds[index] ?? '') ?? null;
    const values = old && !old._deleted ? old : null;
    const place = {
      id: toIds[index] ?? '',
      subjectId,
      universityId: to.university_id,
      classStudentId: student.id,
      studentId: student.student_id,
      scheduleId: to.id,
    };
    // The mark moves whole: every mark field of the old sitting, at the new place.
    const moved: AttendanceDoc = {
      ...(values ?? unmarkedAttendance(place)),
      ...place,
      updatedAt: target?.updatedAt ?? 0,
      _deleted: false,
    };
    return [
      { newDocumentState: moved, assumedMasterState: target },
      ...(values ? [{ newDocumentState: { ...values, _deleted: true }, assumedMasterState: values }] : []),
    ];
  });
  await pushAsCall(deps, exchangedAttendanceCollection, actor, rows, offline);
  return { ok: true };
}

/**
 * `GET /api/attendance/students-highlight/{subjectId}/{subjectClassId}`: the class's students a shown
 * attendance highlight of the subject flags, over the sheet's sittings held by `moment` (`hasEnded`; the sheet
 * holds only published lessons' sittings).
 */
export async function highlightedStudents(
  db: Executor,
  actor: Actor,
  subjectId: string,
  classId: string,
  moment: SchoolMoment,
) {
  const sheet = await classAttendance(db, actor, classId);
  const subjectClass = await classOf(db, classId);
  if (subjectClass.subject_id !== subjectId) throw notFound();
  const rules = await queryRows(
    db,
    sql`select type::int as type, condition_type::int as "conditionType", compare_type::int as "compareType",
        value::float8 as value, hidden from highlights where subject_id = ${subjectId} and not deleted`,
    z.object({
      type: z.number(),
      conditionType: z.number(),
      compareType: z.number(),
      value: z.number(),
      hidden: z.boolean(),
    }),
  );
  const held = sheet.schedules.filter((schedule) =>
    hasEnded({ day: schedule.day, endTime: schedule.end_time }, moment),
  );
  const students = sheet.students.flatMap((row) => {
    const statuses = held.map(
      (schedule) => row.attendances.find((mark) => mark.schedule_id === schedule.id)?.status ?? null,
    );
    return isAttendanceHighlighted(rules, statuses) ? [row.student] : [];
  });
  return { students };
}

/** `GET /api/attendance/dataFilter/{id}`: the filter that leads to a class, so a link restores the selects. */
export async function classFilter(db: Executor, actor: Actor, classId: string) {
  const subjectClass = await classOf(db, classId);
  await requireSubjectVisible(db, actor, subjectClass.subject_id);
  const [row] = await queryRows(
    db,
    sql`select university_id::text as university, year_code_id::text as "yearCode", faculty_id::text as faculty
        from subjects where id = ${subjectClass.subject_id}`,
    z.object({ university: z.string(), yearCode: z.string().nullable(), faculty: z.string().nullable() }),
  );
  if (!row) throw notFound();
  return { ...row, subject: subjectClass.subject_id, subjectClass: classId };
}
