import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { timeToMinutes } from '../../../domain/dates';
import { ErrorCode } from '../../../domain/errors';
import { LessonType, PublishState } from '../../../domain/lessons';
import { nameKey } from '../../../domain/names';
import type { ExamWrite, Lesson, LessonDetail, LessonWrite } from '../../../domain/schemas/lessons';
import { isOnTimeStep, validateDateInPeriod } from '../../../domain/validation';
import { ValidationCode } from '../../../domain/validation-codes';
import type { Actor } from '../../access/actor';
import { classStudentScope, requireClassesWork } from '../../access/classes';
import { teacherIdArrayNamedOn, teachersNamedOn } from '../../access/schedules';
import { requireLessonWork } from '../../access/subjects';
import type { Executor, Transaction } from '../../db/client';
import { inList, queryRows } from '../../db/rows';
import { HttpError, notFound } from '../../http-error';
import { inUniversity, liveMasterRows } from '../shared/master-rows';
import {
  countRecords,
  readLessons,
  readSchedules,
  readSubjectSummary,
  type SummaryRow,
} from '../subjects/queries';
import {
  checkTeachersOn,
  FieldErrors,
  INVALID,
  liveTeachers,
  type SubjectWriteDeps,
  setAssignedTeachers,
  writeSubjectRows,
} from '../subjects/write';

/** What kind of write a lesson call is: a lesson or an exam, saved as a draft or published. */
export interface LessonWriteKind {
  type: LessonType;
  publish: PublishState;
}

const idRow = z.object({ id: z.string() });

/** A live lesson of the subject the actor may see, or 404. */
async function requireLesson(
  db: Executor,
  actor: Actor,
  subjectId: string,
  lessonId: string,
): Promise<Lesson> {
  const [lesson] = await readLessons(db, actor, subjectId, sql`l.id = ${lessonId}`);
  if (!lesson) throw notFound();
  return lesson;
}

const clashRow = z.object({
  schedule_id: z.string(),
  day: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  room_id: z.string().nullable(),
  teacher_ids: z.array(z.string()).nullable(),
  label: z.string(),
});

/** How a clashing sitting is named in the error: day, time, subject, lesson and class. */
const CLASH_LABEL = sql`s.day::text || ' ' || to_char(s.start_time, 'HH24:MI') || '-' || to_char(s.end_time, 'HH24:MI')
  || ' ' || sn.name || ' / ' || l.name || ' / ' || cn.name`;

/**
 * The live sittings of other published lessons on these days that use one of these rooms or teachers (beyond
 * SPEC §5: a room or a teacher cannot be in two places at once), for the clash check. A draft lesson books
 * nothing: it is an unfinished plan no student or teacher sees on a timetable yet, and publishing it is
 * checked here against what is published then.
 */
async function sittingsOnDays(
  tx: Transaction,
  lessonId: string | null,
  days: readonly string[],
  roomIds: readonly string[],
  teacherIds: readonly string[],
) {
  if (days.length === 0 || (roomIds.length === 0 && teacherIds.length === 0)) return [];
  const byRoom = roomIds.length === 0 ? sql`false` : sql`s.room_id in (${inList(roomIds)})`;
  const byTeacher =
    teacherIds.length === 0
      ? sql`false`
      : sql`exists (select 1 from ${teachersNamedOn(sql`s.id`)} as t(teacher_id)
          where t.teacher_id in (${inList(teacherIds)}))`;
  return queryRows(
    tx,
    sql`select s.id::text as schedule_id, s.day::text as day, to_char(s.start_time, 'HH24:MI') as start_time,
        to_char(s.end_time, 'HH24:MI') as end_time, s.room_id::text as room_id,
        ${teacherIdArrayNamedOn(sql`s.id`)} as teacher_ids, ${CLASH_LABEL} as label
      from schedules s join lessons l on l.id = s.lesson_id join subjects p on p.id = s.subject_id
      join subject_names sn on sn.id = p.subject_name_id join subject_classes c on c.id = s.class_id
      join class_names cn on cn.id = c.class_name_id
      where not s.deleted and not l.deleted and not p.deleted and l.publish = ${PublishState.published}
        and s.day in (${inList(days)})
        ${lessonId === null ? sql`` : sql`and s.lesson_id <> ${lessonId}`} and (${byRoom} or ${byTeacher})`,
    clashRow,
  );
}

function overlaps(a: { start_time: string; end_time: string }, b: { start_time: string; end_time: string }) {
  const minutes = (time: string) => timeToMinutes(time) ?? 0;
  return minutes(a.start_time) < minutes(b.end_time) && minutes(b.start_time) < minutes(a.end_time);
}

/**
 * Checks a lesson or exam body against the stored subject (SPEC §5 and the issue): classes of the subject,
 * dates within its period, times on the 5-minute step, rooms of its university, teachers on staff and not
 * retired on the day, no room or teacher booked twice at one time (in the body or against other lessons),
 * schedule and score-name ids of this lesson, an exam name of the subject. Every problem at once.
 */
async function checkLessonWrite(
  tx: Transaction,
  subject: SummaryRow,
  lessonId: string | null,
  body: LessonWrite & Partial<Pick<ExamWrite, 'exam_name_id' | 'score_names'>>,
  publish: PublishState,
): Promise<void> {
  const errors = new FieldErrors();
  const period = { start_date: subject.start_date, end_date: subject.end_date };
  const classIds = new Set(await liveIds(tx, 'subject_classes', 'subject_id', subject.id));
  const ownSchedules = new Set(
    lessonId === null ? [] : await liveIds(tx, 'schedules', 'lesson_id', lessonId),
  );
  const rooms = await liveMasterRows(
    tx,
    'rooms',
    body.schedules.flatMap((s) => (s.room_id === null ? [] : [s.room_id])),
  );
  const teachers = await liveTeachers(
    tx,
    body.schedules.flatMap((s) => s.teacher_ids),
  );
  // A draft is saved whatever else is booked then (it books nothing itself); its own sittings still may not
  // clash with each other, and publishing it checks it against the published lessons.
  const others =
    publish === PublishState.draft
      ? []
      : await sittingsOnDays(
          tx,
          lessonId,
          [...new Set(body.schedules.map((s) => s.day))],
          [...rooms.keys()],
          [...teachers.keys()],
        );
  body.schedules.forEach((schedule, index) => {
    const at = (field: string) => `schedules.${index}.${field}`;
    if (schedule.id !== undefined && !ownSchedules.has(schedule.id)) errors.add(at('id'), INVALID);
    if (!classIds.has(schedule.class_id)) errors.add(at('class_id'), INVALID);
    const outside = validateDateInPeriod(schedule.day, period);
    if (outside) errors.add(at('day'), outside);
    if (!isOnTimeStep(schedule.start_time)) errors.add(at('start_time'), ValidationCode.timeStep);
    if (!isOnTimeStep(schedule.end_time)) errors.add(at('end_time'), ValidationCode.timeStep);
    if (schedule.room_id !== null && !inUniversity(rooms, schedule.room_id, subject.university_id)) {
      errors.add(at('room_id'), INVALID);
    }
    checkTeachersOn(errors, at('teacher_ids'), schedule.teacher_ids, teachers, schedule.day);
    const sameTime = [
      ...others.filter((other) => other.day === schedule.day && overlaps(other, schedule)),
      ...body.schedules
        .slice(0, index)
        .map((other, position) => ({
          ...other,
          // The sitting's own number in the form (1 for the first), not its place among the clashes.
          label: `${other.day} ${other.start_time}-${other.end_time} #${position + 1}`,
        }))
        .filter((other) => other.day === schedule.day && overlaps(other, schedule)),
    ];
    const roomClash = sameTime.find(
      (other) => schedule.room_id !== null && other.room_id === schedule.room_id,
    );
    if (roomClash && !errors.has(at('room_id'))) {
      errors.add(at('room_id'), ValidationCode.roomBusy);
      errors.add(at('room_id'), roomClash.label);
    }
    const teacherClash = sameTime.find((other) =>
      schedule.teacher_ids.some((id) => (other.teacher_ids ?? []).includes(id)),
    );
    if (teacherClash && !errors.has(at('teacher_ids'))) {
      errors.add(at('teacher_ids'), ValidationCode.teacherBusy);
      errors.add(at('teacher_ids'), teacherClash.label);
    }
  });
  if (body.exam_name_id !== undefined) {
    const [exam] = await queryRows(
      tx,
      sql`select id::text as id from exam_names where id = ${body.exam_name_id} and not deleted
          and (subject_name_id is null or subject_name_id = ${subject.subject_name_id})`,
      idRow,
    );
    if (!exam) errors.add('exam_name_id', INVALID);
  }
  if (body.score_names !== undefined) {
    const known = new Set(await liveIds(tx, 'score_names', 'subject_id', subject.id));
    const own = new Set(lessonId === null ? [] : await liveIds(tx, 'score_names', 'lesson_id', lessonId));
    // SPEC §5: a name is used once per subject and parent, across its exams (the table's unique index; here
    // compared as the form compares names, so a near-copy is a field error too).
    const usedElsewhere = await queryRows(
      tx,
      sql`select coalesce(parent_id::text, '') as parent_id, name from score_names
          where subject_id = ${subject.id} and not deleted
            ${lessonId === null ? sql`` : sql`and lesson_id is distinct from ${lessonId}`}`,
      z.object({ parent_id: z.string(), name: z.string() }),
    );
    const taken = new Set(usedElsewhere.map((row) => `${row.parent_id}/${nameKey(row.name)}`));
    body.score_names.forEach((name, index) => {
      if (name.id !== undefined && !own.has(name.id)) errors.add(`score_names.${index}.id`, INVALID);
      if (name.parent_id !== null && !known.has(name.parent_id))
        errors.add(`score_names.${index}.parent_id`, INVALID);
      if (taken.has(`${name.parent_id ?? ''}/${nameKey(name.name)}`))
        errors.add(`score_names.${index}.name`, ValidationCode.duplicateName);
    });
  }
  errors.throwIfAny();
}

/** Soft-deletes sittings with their teachers and plans. */
async function deleteSittings(tx: Transaction, seq: number, scheduleIds: readonly string[]): Promise<void> {
  if (scheduleIds.length === 0) return;
  const ids = inList(scheduleIds);
  for (const table of ['plan_notes', 'plans', 'schedule_teachers'] as const) {
    await tx.execute(
      sql`update ${sql.identifier(table)} set deleted = true, seq = ${seq}, updated_at = now()
          where schedule_id in (${ids}) and not deleted`,
    );
  }
  await tx.execute(
    sql`update schedules set deleted = true, seq = ${seq}, updated_at = now() where id in (${ids}) and not deleted`,
  );
}

/** Refuses a removal that would erase recorded attendance or scores. */
async function refuseIfRecorded(
  tx: Transaction,
  field: string,
  place: { scheduleIds?: readonly string[]; scoreNameIds?: readonly string[] },
): Promise<void> {
  if ((await countRecords(tx, place)) > 0) {
    throw new HttpError(422, {
      message: 'Validation failed',
      code: ErrorCode.validation,
      errors: { [field]: [ValidationCode.hasRecords] },
    });
  }
}

/** The live rows of a table under a lesson or a subject. */
async function liveIds(
  tx: Transaction,
  table: 'schedules' | 'score_names' | 'subject_classes',
  owner: 'lesson_id' | 'subject_id',
  ownerId: string,
) {
  return (
    await queryRows(
      tx,
      sql`select id::text as id from ${sql.identifier(table)} where ${sql.identifier(owner)} = ${ownerId} and not deleted`,
      idRow,
    )
  ).map((row) => row.id);
}

type StoredSitting = Awaited<ReturnType<typeof readSchedules>>[number];

function sameSitting(stored: StoredSitting, sent: LessonWrite['schedules'][number]): boolean {
  const teacherIds = stored.teachers.map((teacher) => teacher.id);
  return (
    stored.class.id === sent.class_id &&
    stored.day === sent.day &&
    timeToMinutes(stored.start_time) === timeToMinutes(sent.start_time) &&
    timeToMinutes(stored.end_time) === timeToMinutes(sent.end_time) &&
    (stored.room?.id ?? null) === sent.room_id &&
    teacherIds.length === sent.teacher_ids.length &&
    teacherIds.every((id) => sent.teacher_ids.includes(id))
  );
}

/**
 * The classes whose sittings a lesson write adds, changes (the class before and after) or removes; a sitting
 * sent back unchanged touches none. A sitting is a row of its class: only the class's teachers (and admins)
 * change it, while the lesson itself is shared by the teachers working in the subject.
 */
async function classesOfChangedSittings(
  tx: Executor,
  lessonId: string | null,
  schedules: LessonWrite['schedules'],
): Promise<Set<string>> {
  const stored = lessonId === null ? [] : await readSchedules(tx, sql`s.lesson_id = ${lessonId}`);
  const byId = new Map(stored.map((row) => [row.id, row]));
  const touched = new Set<string>();
  for (const schedule of schedules) {
    const before = schedule.id === undefined ? undefined : byId.get(schedule.id);
    if (before && sameSitting(before, schedule)) continue;
    touched.add(schedule.class_id);
    if (before) touched.add(before.class.id);
  }
  const sent = new Set(schedules.map((schedule) => schedule.id));
  for (const row of stored) if (!sent.has(row.id)) touched.add(row.class.id);
  return touched;
}

/** Writes the sittings of a lesson: updates listed ones, adds new ones, removes the others. */
async function writeSittings(
  tx: Transaction,
  seq: number,
  subject: SummaryRow,
  lessonId: string,
  schedules: LessonWrite['schedules'],
): Promise<void> {
  const kept = new Set(schedules.flatMap((s) => (s.id === undefined ? [] : [s.id])));
  const dropped = (await liveIds(tx, 'schedules', 'lesson_id', lessonId)).filter((id) => !kept.has(id));
  await refuseIfRecorded(tx, 'schedules', { scheduleIds: dropped });
  await deleteSittings(tx, seq, dropped);
  for (const schedule of schedules) {
    let scheduleId = schedule.id;
    if (scheduleId === undefined) {
      const [created] = await queryRows(
        tx,
        sql`insert into schedules (subject_id, university_id, lesson_id, class_id, day, start_time, end_time, room_id, seq)
            values (${subject.id}, ${subject.university_id}, ${lessonId}, ${schedule.class_id}, ${schedule.day},
              ${schedule.start_time}, ${schedule.end_time}, ${schedule.room_id}, ${seq}) returning id::text as id`,
        idRow,
      );
      scheduleId = created?.id;
    } else {
      await tx.execute(
        sql`update schedules set class_id = ${schedule.class_id}, day = ${schedule.day},
            start_time = ${schedule.start_time}, end_time = ${schedule.end_time}, room_id = ${schedule.room_id},
            seq = ${seq}, updated_at = now() where id = ${scheduleId}`,
      );
    }
    if (scheduleId === undefined) throw new Error('schedule not written');
    await setAssignedTeachers(
      tx,
      seq,
      'schedule_teachers',
      { subjectId: subject.id, universityId: subject.university_id, ownerId: scheduleId },
      schedule.teacher_ids,
    );
  }
}

/** Writes an exam's score names: updates listed ones, adds new ones, removes the others. */
async function writeScoreNames(
  tx: Transaction,
  seq: number,
  subject: SummaryRow,
  lessonId: string,
  names: ExamWrite['score_names'],
): Promise<void> {
  const kept = new Set(names.flatMap((n) => (n.id === undefined ? [] : [n.id])));
  const dropped = (await liveIds(tx, 'score_names', 'lesson_id', lessonId)).filter((id) => !kept.has(id));
  await refuseIfRecorded(tx, 'score_names', { scoreNameIds: dropped });
  if (dropped.length > 0) {
    await tx.execute(
      sql`update score_names set deleted = true, seq = ${seq}, updated_at = now() where id in (${inList(dropped)})`,
    );
  }
  for (const [position, name] of names.entries()) {
    if (name.id === undefined) {
      await tx.execute(
        sql`insert into score_names (subject_id, university_id, lesson_id, parent_id, name, full_score, option_plus,
              position, seq)
            values (${subject.id}, ${subject.university_id}, ${lessonId}, ${name.parent_id}, ${name.name},
              ${name.full_score}, ${name.option_plus}, ${position}, ${seq})`,
      );
    } else {
      await tx.execute(
        sql`update score_names set name = ${name.name}, full_score = ${name.full_score},
            option_plus = ${name.option_plus}, parent_id = ${name.parent_id}, position = ${position},
            seq = ${seq}, updated_at = now() where id = ${name.id}`,
      );
    }
  }
}

/**
 * The lesson and exam writes (`POST .../lessons`, `/draft`, `/exam`, `/store-draft-exam` and their
 * `/{lessonId}` forms): admins and teachers of the subject; the whole body is checked before anything is
 * written. A published lesson with recorded attendance or scores cannot go back to draft.
 */
export async function writeLesson(
  deps: SubjectWriteDeps,
  actor: Actor,
  subjectId: string,
  lessonId: string | null,
  body: LessonWrite & Partial<Pick<ExamWrite, 'exam_name_id' | 'score_names'>>,
  kind: LessonWriteKind,
): Promise<Lesson> {
  await requireLessonWork(deps.db, actor, subjectId);
  const subject = await readSubjectSummary(deps.db, actor, subjectId);
  if (lessonId !== null) {
    const stored = await requireLesson(deps.db, actor, subjectId, lessonId);
    if (stored.type !== kind.type) throw notFound();
  }
  const { id } = await writeSubjectRows(deps, async (tx, seq) => {
    await checkLessonWrite(tx, subject, lessonId, body, kind.publish);
    await requireClassesWork(tx, actor, await classesOfChangedSittings(tx, lessonId, body.schedules));
    let id = lessonId;
    const fields = {
      name: body.name,
      toc: body.table_of_contents,
      overview: body.overview,
      minutes: body.minutes,
      exam: kind.type === LessonType.exam ? (body.exam_name_id ?? null) : null,
    };
    if (id === null) {
      const [created] = await queryRows(
        tx,
        sql`insert into lessons (subject_id, university_id, name, type, publish, table_of_contents, overview,
              minutes, exam_name_id, seq)
            values (${subjectId}, ${subject.university_id}, ${fields.name}, ${kind.type}, ${kind.publish},
              ${fields.toc}, ${fields.overview}, ${fields.minutes}, ${fields.exam}, ${seq}) returning id::text as id`,
        idRow,
      );
      id = created?.id ?? null;
    } else {
      if (kind.publish === PublishState.draft) {
        await refuseIfRecorded(tx, 'publish', {
          scheduleIds: await liveIds(tx, 'schedules', 'lesson_id', id),
          scoreNameIds: await liveIds(tx, 'score_names', 'lesson_id', id),
        });
      }
      await tx.execute(
        sql`update lessons set name = ${fields.name}, publish = ${kind.publish}, table_of_contents = ${fields.toc},
            overview = ${fields.overview}, minutes = ${fields.minutes}, exam_name_id = ${fields.exam},
            seq = ${seq}, updated_at = now() where id = ${id}`,
      );
    }
    if (id === null) throw new Error('lesson not written');
    await writeSittings(tx, seq, subject, id, body.schedules);
    if (body.score_names !== undefined) await writeScoreNames(tx, seq, subject, id, body.score_names);
    return { subjectId, id };
  });
  return requireLesson(deps.db, actor, subjectId, id);
}

/** `GET .../lessons/{id}/detail`: the lesson with its sittings (students: published lessons only). */
export async function readLessonDetail(
  db: Executor,
  actor: Actor,
  subjectId: string,
  lessonId: string,
): Promise<LessonDetail> {
  await readSubjectSummary(db, actor, subjectId);
  const lesson = await requireLesson(db, actor, subjectId, lessonId);
  const schedules = await readSchedules(db, sql`s.lesson_id = ${lessonId}`);
  return { ...lesson, schedule: schedules.map(({ lesson_id: _lesson, ...schedule }) => schedule) };
}

/**
 * `DELETE .../lessons/{id}`: removes a lesson with its sittings and score names, unless records hang on it;
 * a teacher only a lesson whose sittings are all of classes they teach.
 */
export async function deleteLesson(
  deps: SubjectWriteDeps,
  actor: Actor,
  subjectId: string,
  lessonId: string,
) {
  await requireLessonWork(deps.db, actor, subjectId);
  await requireLesson(deps.db, actor, subjectId, lessonId);
  await writeSubjectRows(deps, async (tx, seq) => {
    await requireClassesWork(tx, actor, await classesOfChangedSittings(tx, lessonId, []));
    const scheduleIds = await liveIds(tx, 'schedules', 'lesson_id', lessonId);
    const scoreNameIds = await liveIds(tx, 'score_names', 'lesson_id', lessonId);
    await refuseIfRecorded(tx, 'lesson', { scheduleIds, scoreNameIds });
    await deleteSittings(tx, seq, scheduleIds);
    if (scoreNameIds.length > 0) {
      await tx.execute(
        sql`update score_names set deleted = true, seq = ${seq}, updated_at = now() where id in (${inList(scoreNameIds)})`,
      );
    }
    await tx.execute(
      sql`update lessons set deleted = true, seq = ${seq}, updated_at = now() where id = ${lessonId}`,
    );
    return { subjectId };
  });
  return { ok: true as const };
}

/**
 * `DELETE /api/subjects/{subjectId}/lessons/{lessonId}/schedules/{id}`: removes one sitting without records, of
 * a class the caller teaches (admins any).
 */
export async function deleteSchedule(
  deps: SubjectWriteDeps,
  actor: Actor,
  subjectId: string,
  lessonId: string,
  scheduleId: string,
) {
  await requireLessonWork(deps.db, actor, subjectId);
  await requireLesson(deps.db, actor, subjectId, lessonId);
  await writeSubjectRows(deps, async (tx, seq) => {
    const [sitting] = await readSchedules(tx, sql`s.lesson_id = ${lessonId} and s.id = ${scheduleId}`);
    if (!sitting) throw notFound();
    await requireClassesWork(tx, actor, [sitting.class.id]);
    await refuseIfRecorded(tx, 'schedule', { scheduleIds: [scheduleId] });
    await deleteSittings(tx, seq, [scheduleId]);
    return { subjectId };
  });
  return { ok: true as const };
}

const studentRow = z.object({ id: z.string(), identity: z.string(), name: z.string() });

/** `GET .../lessons/{lessonId}/studentsInLesson`: the visible students of the classes the lesson meets. */
export async function readLessonStudents(db: Executor, actor: Actor, subjectId: string, lessonId: string) {
  await readSubjectSummary(db, actor, subjectId);
  await requireLesson(db, actor, subjectId, lessonId);
  const students = await queryRows(
    db,
    sql`select st.id::text as id, st.identity, u.name from class_students cs
        join students st on st.id = cs.student_id join users u on u.id = st.user_id
        where not cs.deleted and cs.class_id in (select s.class_id from schedules s where s.lesson_id = ${lessonId}
          and not s.deleted) and ${classStudentScope(actor, sql`cs.class_id`, sql`cs.student_id`)}
        order by st.identity, st.id`,
    studentRow,
  );
  return { students };
}

/** `GET .../lessons/{lessonId}/get-score-names`: the exam's score names. */
export async function readLessonScoreNames(db: Executor, actor: Actor, subjectId: string, lessonId: string) {
  await readSubjectSummary(db, actor, subjectId);
  const lesson = await requireLesson(db, actor, subjectId, lessonId);
  return { score_names: lesson.score_names };
}
