import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { planRowSittings, suggestedWeekdays, weekdayIdOf } from '../../../domain/copy-subject';
import { addDays, compareIsoDates, isoDateToDayNumber } from '../../../domain/dates';
import { PublishState } from '../../../domain/lessons';
import type {
  CopySubjectRequest,
  CopySubjectResponse,
  CopySubjectRow,
  PublicLessonsRequest,
} from '../../../domain/schemas/subjects';
import { isEndTimeAfterStart, isOnTimeStep } from '../../../domain/validation';
import { ValidationCode } from '../../../domain/validation-codes';
import { WeekdayId } from '../../../domain/weekdays';
import type { Actor } from '../../access/actor';
import { teacherIdArrayOfClass } from '../../access/classes';
import { teacherIdArrayNamedOn } from '../../access/schedules';
import type { Executor, Transaction } from '../../db/client';
import { inList, queryRows, slices } from '../../db/rows';
import {
  lessons as lessonsTable,
  schedules as schedulesTable,
  scheduleTeachers,
  scoreNames as scoreNamesTable,
} from '../../db/schema';
import { validationFailed } from '../../http-error';
import { inUniversity, liveMasterRows } from '../shared/master-rows';
import { readSubjectSummary } from './queries';
import { insertClass, insertSubject } from './service';
import {
  checkTeachersOn,
  FieldErrors,
  INVALID,
  liveTeachers,
  type SubjectWriteDeps,
  writeSubjectRows,
} from './write';

const WEEKDAY_NAMES = Object.fromEntries(Object.entries(WeekdayId).map(([name, id]) => [id, name])) as Record<
  WeekdayId,
  string
>;

const sittingRow = z.object({
  id: z.string(),
  lesson_id: z.string(),
  class_id: z.string(),
  day: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  room_id: z.string().nullable(),
  teacher_ids: z.array(z.string()),
});

/** The live sittings of a subject's live lessons, in time order. */
async function sourceSittings(db: Executor, subjectId: string) {
  return queryRows(
    db,
    sql`select s.id::text as id, s.lesson_id::text as lesson_id, s.class_id::text as class_id, s.day::text as day,
        to_char(s.start_time, 'HH24:MI') as start_time, to_char(s.end_time, 'HH24:MI') as end_time,
        s.room_id::text as room_id,
        ${teacherIdArrayNamedOn(sql`s.id`)} as teacher_ids
      from schedules s join lessons l on l.id = s.lesson_id
      where s.subject_id = ${subjectId} and not s.deleted and not l.deleted
      order by s.day, s.start_time, s.id`,
    sittingRow,
  );
}

const classRow = z.object({
  id: z.string(),
  class_name_id: z.string(),
  name: z.string(),
  teacher_ids: z.array(z.string()),
});

async function sourceClasses(db: Executor, subjectId: string) {
  return queryRows(
    db,
    sql`select c.id::text as id, c.class_name_id::text as class_name_id, cn.name,
        ${teacherIdArrayOfClass(sql`c.id`)} as teacher_ids
      from subject_classes c join class_names cn on cn.id = c.class_name_id
      where c.subject_id = ${subjectId} and not c.deleted order by cn.name, c.id`,
    classRow,
  );
}

/**
 * `GET .../first-schedule-of-classes`: the rows of the copy table, one per class, with the weekdays its
 * sittings fall on (a row per weekday on screen) and its first sitting to prefill times, teachers and room.
 */
export async function firstScheduleOfClasses(
  db: Executor,
  actor: Actor,
  subjectId: string,
): Promise<{ rows: CopySubjectRow[] }> {
  await readSubjectSummary(db, actor, subjectId);
  const sittings = await sourceSittings(db, subjectId);
  const classes = await sourceClasses(db, subjectId);
  return {
    rows: classes.map((row) => {
      const own = sittings.filter((sitting) => sitting.class_id === row.id);
      const first = own[0];
      return {
        class_name_id: row.class_name_id,
        class_id: row.id,
        name: row.name,
        suggestDates: suggestedWeekdays(own.map((sitting) => sitting.day)).map((id) => ({
          id,
          name: WEEKDAY_NAMES[id],
        })),
        first_schedule: first
          ? {
              day: first.day,
              start_time: first.start_time,
              end_time: first.end_time,
              teacher_id: first.teacher_ids,
              room_id: first.room_id,
            }
          : null,
      };
    }),
  };
}

const lessonRow = z.object({
  id: z.string(),
  name: z.string(),
  type: z.number(),
  table_of_contents: z.string().nullable(),
  overview: z.string().nullable(),
  minutes: z.number().nullable(),
  exam_name_id: z.string().nullable(),
});

const scoreNameRow = z.object({
  id: z.string(),
  lesson_id: z.string().nullable(),
  parent_id: z.string().nullable(),
  name: z.string(),
  full_score: z.number(),
  option_plus: z.boolean(),
  position: z.number(),
});

/** The copy's id of the source row `id`: every source row is given one before any is written. */
function copiedId(ids: ReadonlyMap<string, string>, id: string): string {
  const copied = ids.get(id);
  if (copied === undefined) throw new Error(`no copy of row ${id}`);
  return copied;
}

/** Copies the lessons and score names of a subject as drafts; returns the new lesson id of each old one. */
async function copyLessons(
  tx: Transaction,
  seq: number,
  from: string,
  to: { subjectId: string; universityId: string },
): Promise<Map<string, string>> {
  const lessons = await queryRows(
    tx,
    sql`select id::text as id, name, type::int as type, table_of_contents, overview, minutes,
        exam_name_id::text as exam_name_id from lessons where subject_id = ${from} and not deleted
        order by created_at, id`,
    lessonRow,
  );
  // Ids are chosen here, so each table is written in a few multi-row inserts instead of a statement per row.
  const lessonIds = new Map(lessons.map((lesson) => [lesson.id, randomUUID()]));
  for (const slice of slices(lessons)) {
    await tx.insert(lessonsTable).values(
      slice.map((lesson) => ({
        id: copiedId(lessonIds, lesson.id),
        ...to,
        name: lesson.name,
        type: lesson.type,
        publish: PublishState.draft,
        tableOfContents: lesson.table_of_contents,
        overview: lesson.overview,
        minutes: lesson.minutes,
        examNameId: lesson.exam_name_id,
        seq,
      })),
    );
  }
  const names = await queryRows(
    tx,
    sql`select id::text as id, lesson_id::text as lesson_id, parent_id::text as parent_id, name,
        full_score::float8 as full_score, option_plus, position from score_names
        where subject_id = ${from} and not deleted order by position, id`,
    scoreNameRow,
  );
  const nameIds = new Map(names.map((name) => [name.id, randomUUID()]));
  // A sub-score whose parent is gone is not copied. Parents are written before their sub-scores.
  const copied = names.filter((name) => name.parent_id === null || nameIds.has(name.parent_id));
  const rowOf = (name: (typeof names)[number]) => ({
    id: copiedId(nameIds, name.id),
    ...to,
    lessonId: name.lesson_id === null ? null : (lessonIds.get(name.lesson_id) ?? null),
    parentId: name.parent_id === null ? null : (nameIds.get(name.parent_id) ?? null),
    name: name.name,
    fullScore: name.full_score,
    optionPlus: name.option_plus,
    position: name.position,
    seq,
  });
  for (const level of [
    copied.filter((name) => name.parent_id === null),
    copied.filter((name) => name.parent_id !== null),
  ]) {
    for (const slice of slices(level)) await tx.insert(scoreNamesTable).values(slice.map(rowOf));
  }
  return lessonIds;
}

/**
 * `POST .../{id}/copy`: the next term of a subject in one transaction (a failed copy leaves nothing). The
 * copy has the same name, place, formula, classes (with their teachers), lessons and score names; each ticked
 * row (class × weekday) places that class's sittings on that weekday from the row's date on, keeping their
 * weekly rhythm (`planRowSittings`), with the row's times, teachers and room. The period moves by as many
 * days as the earliest row and widens to hold every new sitting. Copied lessons are drafts: a registered copy
 * (`isPublic`) answers their ids for the client to publish in batches; a copy saved temporarily is itself a
 * draft subject.
 */
export async function copySubject(
  deps: SubjectWriteDeps,
  actor: Actor,
  subjectId: string,
  body: CopySubjectRequest,
): Promise<CopySubjectResponse> {
  const source = await readSubjectSummary(deps.db, actor, subjectId);
  const result = await writeSubjectRows(deps, async (tx, seq) => {
    const classes = await sourceClasses(tx, subjectId);
    const sittings = await sourceSittings(tx, subjectId);
    const classByName = new Map(classes.map((row) => [row.class_name_id, row]));
    const rooms = await liveMasterRows(
      tx,
      'rooms',
      body.schedules.flatMap((row) => (row.room_id === null ? [] : [row.room_id])),
    );
    const teachers = await liveTeachers(
      tx,
      body.schedules.flatMap((row) => row.teacher_id),
    );
    const errors = new FieldErrors();
    const seen = new Set<string>();
    const planned: {
      row: (typeof body.schedules)[number];
      classId: string;
      lessonId: string;
      day: string;
    }[] = [];
    let shift: number | null = null;
    body.schedules.forEach((row, index) => {
      const at = (field: string) => `schedules.${index}.${field}`;
      const sourceClass = classByName.get(row.class_name_id);
      const key = `${row.class_name_id}/${row.suggest_date}`;
      if (!sourceClass || seen.has(key)) {
        errors.add(at('class_name_id'), INVALID);
        return;
      }
      seen.add(key);
      if (!isOnTimeStep(row.start_time)) errors.add(at('start_time'), ValidationCode.timeStep);
      if (!isOnTimeStep(row.end_time)) errors.add(at('end_time'), ValidationCode.timeStep);
      if (!isEndTimeAfterStart(row.start_time, row.end_time))
        errors.add(at('end_time'), ValidationCode.invalidTimeRange);
      if (row.room_id !== null && !inUniversity(rooms, row.room_id, source.university_id)) {
        errors.add(at('room_id'), INVALID);
      }
      if (new Set(row.teacher_id).size !== row.teacher_id.length) errors.add(at('teacher_id'), INVALID);
      checkTeachersOn(errors, at('teacher_id'), row.teacher_id, teachers, row.day);
      const own = sittings.filter((sitting) => sitting.class_id === sourceClass.id);
      const rowPlan = planRowSittings(
        own.map((sitting) => ({ lessonId: sitting.lesson_id, day: sitting.day })),
        row.suggest_date,
        row.day,
      );
      if (rowPlan === null) {
        errors.add(at('day'), ValidationCode.weekdayMismatch);
        return;
      }
      const firstSource = own.find((sitting) => weekdayIdOf(sitting.day) === row.suggest_date);
      if (firstSource) {
        const rowShift = (isoDateToDayNumber(row.day) ?? 0) - (isoDateToDayNumber(firstSource.day) ?? 0);
        shift = shift === null ? rowShift : Math.min(shift, rowShift);
      }
      for (const sitting of rowPlan) {
        planned.push({ row, classId: sourceClass.id, lessonId: sitting.lessonId, day: sitting.day });
      }
    });
    errors.throwIfAny();
    const days = planned.map((sitting) => sitting.day).sort(compareIsoDates);
    const moved = (day: string) => addDays(day, shift ?? 0) ?? day;
    const firstDay = days[0];
    const lastDay = days.at(-1);
    const start =
      firstDay && compareIsoDates(firstDay, moved(source.start_date)) < 0
        ? firstDay
        : moved(source.start_date);
    const end =
      lastDay && compareIsoDates(lastDay, moved(source.end_date)) > 0 ? lastDay : moved(source.end_date);
    const [formula] = await queryRows(
      tx,
      sql`select formula from subjects where id = ${subjectId}`,
      z.object({ formula: z.string().nullable() }),
    );
    const copyId = await insertSubject(tx, seq, {
      subject_name_id: source.subject_name_id,
      university_id: source.university_id,
      faculty_id: source.faculty_id,
      year_code_id: source.year_code_id,
      semester_id: source.semester_id,
      start_date: start,
      end_date: end,
      publish: body.isPublic ? PublishState.published : PublishState.draft,
      formula: formula?.formula ?? null,
    });
    const place = { subjectId: copyId, universityId: source.university_id };
    const classIds = new Map<string, string>();
    for (const row of classes) {
      classIds.set(row.id, await insertClass(tx, seq, place, row));
    }
    const lessonIds = await copyLessons(tx, seq, subjectId, place);
    const newSittings = planned.map((sitting) => ({ ...sitting, id: randomUUID() }));
    for (const slice of slices(newSittings)) {
      await tx.insert(schedulesTable).values(
        slice.map((sitting) => ({
          id: sitting.id,
          ...place,
          lessonId: copiedId(lessonIds, sitting.lessonId),
          classId: copiedId(classIds, sitting.classId),
          day: sitting.day,
          startTime: sitting.row.start_time,
          endTime: sitting.row.end_time,
          roomId: sitting.row.room_id,
          seq,
        })),
      );
    }
    const assignments = newSittings.flatMap((sitting) =>
      sitting.row.teacher_id.map((teacherId) => ({ ...place, scheduleId: sitting.id, teacherId, seq })),
    );
    for (const slice of slices(assignments)) await tx.insert(scheduleTeachers).values(slice);
    return { subjectId: copyId, lessonIds: [...lessonIds.values()] };
  });
  return { id: result.subjectId, isPublic: body.isPublic, lessonsId: body.isPublic ? result.lessonIds : [] };
}

/**
 * `POST .../public-lessons-after-copy`: publishes one batch of a copy's draft lessons (SPEC §4: at most 10 a
 * call). Every id must be a live lesson of the subject, else 422 and nothing is published.
 */
export async function publishCopiedLessons(
  deps: SubjectWriteDeps,
  actor: Actor,
  subjectId: string,
  body: PublicLessonsRequest,
) {
  await readSubjectSummary(deps.db, actor, subjectId);
  await writeSubjectRows(deps, async (tx, seq) => {
    const found = await queryRows(
      tx,
      sql`select id::text as id from lessons where subject_id = ${subjectId} and not deleted
          and id in (${inList(body.lessonsId)})`,
      z.object({ id: z.string() }),
    );
    if (found.length !== body.lessonsId.length) throw validationFailed({ lessonsId: [INVALID] });
    await tx.execute(
      sql`update lessons set publish = ${PublishState.published}, seq = ${seq}, updated_at = now()
          where id in (${inList(body.lessonsId)}) and publish <> ${PublishState.published}`,
    );
    return { subjectId };
  });
  return { ok: true as const };
}
