import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  smallint,
  text,
  time,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LessonType, PublishState } from '../../../domain/lessons';
import { LIMITS } from '../../../domain/limits';
import { codeCheck, rangeCheck, seqIndex, syncedRowColumns, textCheck } from './columns';
import { examNames, rooms } from './master';
import { users } from './people';
import { subjectClasses, subjectPartition, subjectPartitionKey } from './subjects';

/**
 * A lesson or an exam of a subject (SPEC §3, §4). `publish` draft is the lessons-draft tab; an exam may name
 * its master exam name, a lesson never does. `assist_apply`/`assist_status` are the assist-lesson setting.
 */
export const lessons = pgTable(
  'lessons',
  {
    ...syncedRowColumns,
    ...subjectPartition(),
    name: text('name').notNull(),
    type: smallint('type').notNull(),
    publish: smallint('publish').notNull().default(PublishState.draft),
    tableOfContents: text('table_of_contents'),
    overview: text('overview'),
    minutes: integer('minutes'),
    examNameId: uuid('exam_name_id').references(() => examNames.id),
    assistApply: boolean('assist_apply').notNull().default(false),
    assistStatus: smallint('assist_status').notNull().default(PublishState.draft),
  },
  (table) => [
    subjectPartitionKey('lessons', table),
    unique('lessons_id_subject_unique').on(table.id, table.subjectId),
    index('lessons_subject_id_idx').on(table.subjectId),
    seqIndex('lessons', table),
    codeCheck('lessons_type_valid', table.type, LessonType),
    codeCheck('lessons_publish_valid', table.publish, PublishState),
    codeCheck('lessons_assist_status_valid', table.assistStatus, PublishState),
    textCheck('lessons_name_length', table.name, LIMITS.nameMaxLength, true),
    textCheck('lessons_table_of_contents_length', table.tableOfContents, LIMITS.tableOfContentsMaxLength),
    textCheck('lessons_overview_length', table.overview, LIMITS.overviewMaxLength),
    rangeCheck('lessons_minutes_range', table.minutes, 0, LIMITS.lessonMinutesMax),
    check(
      'lessons_exam_name_only_on_exams',
      sql`${table.examNameId} is null or ${table.type} = ${sql.raw(String(LessonType.exam))}`,
    ),
  ],
);

/**
 * One sitting of a lesson for one class: a day, a time range and a room (SPEC §3 Schedule). The lesson and
 * the class must belong to the schedule's subject.
 */
export const schedules = pgTable(
  'schedules',
  {
    ...syncedRowColumns,
    ...subjectPartition(),
    lessonId: uuid('lesson_id').notNull(),
    classId: uuid('class_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    roomId: uuid('room_id').references(() => rooms.id),
  },
  (table) => [
    subjectPartitionKey('schedules', table),
    foreignKey({
      name: 'schedules_lesson_fk',
      columns: [table.lessonId, table.subjectId],
      foreignColumns: [lessons.id, lessons.subjectId],
    }),
    foreignKey({
      name: 'schedules_class_fk',
      columns: [table.classId, table.subjectId],
      foreignColumns: [subjectClasses.id, subjectClasses.subjectId],
    }),
    unique('schedules_id_subject_unique').on(table.id, table.subjectId),
    unique('schedules_id_lesson_unique').on(table.id, table.lessonId),
    index('schedules_subject_id_idx').on(table.subjectId),
    index('schedules_lesson_id_idx').on(table.lessonId),
    index('schedules_class_id_day_idx').on(table.classId, table.day),
    index('schedules_day_idx').on(table.day),
    seqIndex('schedules', table),
    // SPEC §5 l2-1_invalid_time_range: the end is later than the start.
    check('schedules_time_ordered', sql`${table.endTime} > ${table.startTime}`),
  ],
);

/** The teachers of a schedule (SPEC §3 schedule entry `teacher_id` list). */
export const scheduleTeachers = pgTable(
  'schedule_teachers',
  {
    ...syncedRowColumns,
    ...subjectPartition(),
    scheduleId: uuid('schedule_id').notNull(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id),
  },
  (table) => [
    subjectPartitionKey('schedule_teachers', table),
    foreignKey({
      name: 'schedule_teachers_schedule_fk',
      columns: [table.scheduleId, table.subjectId],
      foreignColumns: [schedules.id, schedules.subjectId],
    }),
    uniqueIndex('schedule_teachers_pair_unique').on(table.scheduleId, table.teacherId),
    index('schedule_teachers_teacher_id_idx').on(table.teacherId),
    seqIndex('schedule_teachers', table),
  ],
);
