import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { AttendanceStatus } from '../../../domain/attendance';
import { LIMITS } from '../../../domain/limits';
import { codeCheck, rangeCheck, seqIndex, syncedRowColumns, textCheck } from './columns';
import { whoChangedWhen } from './history-columns';
import { schedules } from './lessons';
import { classStudents, subjectPartition, subjectPartitionKey } from './subjects';

/**
 * The attendance of one class student at one schedule (SPEC §3 `attendances[]`): at most one per pair, the
 * natural key replicas use. `status` null means not entered yet; the schedule may be another class's sitting
 * of the subject (exchange attendance), but always of the same subject.
 */
export const attendances = pgTable(
  'attendances',
  {
    ...syncedRowColumns,
    ...subjectPartition(),
    classStudentId: uuid('class_student_id').notNull(),
    studentId: uuid('student_id').notNull(),
    scheduleId: uuid('schedule_id').notNull(),
    status: smallint('status'),
    lateMinutes: smallint('late_minutes'),
    absenceReasons: text('absence_reasons'),
    comment: text('comment'),
  },
  (table) => [
    subjectPartitionKey('attendances', table),
    foreignKey({
      name: 'attendances_class_student_fk',
      columns: [table.classStudentId, table.subjectId, table.studentId],
      foreignColumns: [classStudents.id, classStudents.subjectId, classStudents.studentId],
    }),
    foreignKey({
      name: 'attendances_schedule_fk',
      columns: [table.scheduleId, table.subjectId],
      foreignColumns: [schedules.id, schedules.subjectId],
    }),
    uniqueIndex('attendances_one_per_student_schedule').on(table.classStudentId, table.scheduleId),
    index('attendances_subject_id_idx').on(table.subjectId),
    index('attendances_schedule_id_idx').on(table.scheduleId),
    index('attendances_student_id_idx').on(table.studentId),
    seqIndex('attendances', table),
    codeCheck('attendances_status_valid', table.status, AttendanceStatus),
    rangeCheck('attendances_late_minutes_range', table.lateMinutes, 1, LIMITS.lateMinutesMax),
    check(
      'attendances_late_minutes_only_when_late',
      sql`${table.lateMinutes} is null or ${table.status} is not distinct from ${sql.raw(String(AttendanceStatus.late))}`,
    ),
    textCheck('attendances_absence_reasons_length', table.absenceReasons, LIMITS.commentMaxLength),
    textCheck('attendances_comment_length', table.comment, LIMITS.commentMaxLength),
  ],
);

/**
 * Every change to an attendance (ARCHITECTURE §3): who, when, old and new values, and whether the write came
 * from an offline replay. Append-only; not replicated.
 */
export const attendanceHistory = pgTable(
  'attendance_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    attendanceId: uuid('attendance_id')
      .notNull()
      .references(() => attendances.id),
    subjectId: uuid('subject_id').notNull(),
    ...whoChangedWhen(),
    oldStatus: smallint('old_status'),
    newStatus: smallint('new_status'),
    oldAbsenceReasons: text('old_absence_reasons'),
    newAbsenceReasons: text('new_absence_reasons'),
    oldComment: text('old_comment'),
    newComment: text('new_comment'),
    offline: boolean('offline').notNull().default(false),
    /** The request whose acceptance made this change (`by request #…`), null for a mark by hand. */
    requestId: uuid('request_id'),
  },
  (table) => [
    index('attendance_history_attendance_id_idx').on(table.attendanceId, table.changedAt),
    index('attendance_history_subject_id_idx').on(table.subjectId),
    codeCheck('attendance_history_old_status_valid', table.oldStatus, AttendanceStatus),
    codeCheck('attendance_history_new_status_valid', table.newStatus, AttendanceStatus),
  ],
);
