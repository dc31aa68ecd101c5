import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  foreignKey,
  index,
  pgTable,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { codeValues } from '../../../domain/codes';
import { LIMITS } from '../../../domain/limits';
import { RequestStatus } from '../../../domain/request-status';
import {
  AcceptReason,
  AttendanceRequestKind,
  ConfirmKind,
  RequestOption,
  RequestType,
  requestOptionMeaning,
} from '../../../domain/requests';
import { points, scoreNames } from './achievements';
import { codeCheck, instant, rangeCheck, seqIndex, syncedRowColumns, textCheck } from './columns';
import { schedules } from './lessons';
import { students, users } from './people';
import { subjectClasses, subjectPartition, subjectPartitionKey } from './subjects';

const literal = (value: number | null): SQL => sql.raw(value === null ? 'null' : String(value));

/**
 * The option, type and kinds a request may combine: exactly the meanings of domain `requestOptionMeaning`,
 * so an option can never be stored with another option's type or kind.
 */
function optionMatchesMeaning(
  option: SQL | AnyPgColumn,
  type: AnyPgColumn,
  attendanceKind: AnyPgColumn,
  confirmKind: AnyPgColumn,
): SQL {
  const alternatives = codeValues(RequestOption).map((value) => {
    const meaning = requestOptionMeaning(value);
    return sql`(${option} = ${literal(value)} and ${type} = ${literal(meaning.type)}
      and ${attendanceKind} is not distinct from ${literal(meaning.attendanceKind)}
      and ${confirmKind} is not distinct from ${literal(meaning.confirmKind)})`;
  });
  return sql.join(alternatives, sql` or `);
}

const status = (value: RequestStatus) => literal(value);
const late = literal(AttendanceRequestKind.late);

/**
 * A student's request (SPEC §3, §4): an attendance notice, an attendance or achievement confirmation, or
 * another matter, about one subject and, for attendance types, one schedule. Accepted requests carry their
 * accept reason and only they do; late minutes go with a late notice or a late confirmation.
 */
export const requests = pgTable(
  'requests',
  {
    ...syncedRowColumns,
    ...subjectPartition(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id),
    classId: uuid('class_id'),
    scheduleId: uuid('schedule_id'),
    scoreNameId: uuid('score_name_id'),
    type: smallint('type').notNull(),
    status: smallint('status').notNull().default(RequestStatus.requesting),
    option: smallint('option').notNull(),
    attendanceKind: smallint('attendance_kind'),
    confirmKind: smallint('confirm_kind'),
    acceptReason: smallint('accept_reason'),
    lateMinutes: smallint('late_minutes'),
    points: points('points'),
    content: text('content').notNull(),
    rejectReason: text('reject_reason'),
    decidedBy: uuid('decided_by').references(() => users.id),
    /**
     * Who filed the request when not the student themself: a guardian of theirs (issue 43). Null for a
     * request the student filed, as every request before guardians was.
     */
    filedBy: uuid('filed_by').references(() => users.id),
    decidedAt: instant('decided_at'),
  },
  (table) => [
    subjectPartitionKey('requests', table),
    foreignKey({
      name: 'requests_class_fk',
      columns: [table.classId, table.subjectId],
      foreignColumns: [subjectClasses.id, subjectClasses.subjectId],
    }),
    foreignKey({
      name: 'requests_schedule_fk',
      columns: [table.scheduleId, table.subjectId],
      foreignColumns: [schedules.id, schedules.subjectId],
    }),
    foreignKey({
      name: 'requests_score_name_fk',
      columns: [table.scoreNameId, table.subjectId],
      foreignColumns: [scoreNames.id, scoreNames.subjectId],
    }),
    index('requests_student_id_idx').on(table.studentId),
    index('requests_subject_id_idx').on(table.subjectId, table.status),
    // The request list (SPEC §3 filters): a status tab, newest or oldest first, paged by (created_at, id).
    index('requests_status_created_at_idx').on(table.status, table.createdAt, table.id),
    seqIndex('requests', table),
    codeCheck('requests_type_valid', table.type, RequestType),
    codeCheck('requests_status_valid', table.status, RequestStatus),
    codeCheck('requests_option_valid', table.option, RequestOption),
    codeCheck('requests_attendance_kind_valid', table.attendanceKind, AttendanceRequestKind),
    codeCheck('requests_confirm_kind_valid', table.confirmKind, ConfirmKind),
    codeCheck('requests_accept_reason_valid', table.acceptReason, AcceptReason),
    check(
      'requests_option_meaning',
      optionMatchesMeaning(table.option, table.type, table.attendanceKind, table.confirmKind),
    ),
    check(
      'requests_accept_reason_when_accepted',
      sql`(${table.status} = ${status(RequestStatus.accepted)}) = (${table.acceptReason} is not null)`,
    ),
    check(
      'requests_decided_when_decided',
      sql`${table.status} <> ${status(RequestStatus.requesting)} or ${table.decidedAt} is null`,
    ),
    check(
      'requests_schedule_for_attendance',
      sql`${table.scheduleId} is not null or ${table.type} not in (${literal(RequestType.attendance)}, ${literal(RequestType.attendanceConfirm)})`,
    ),
    check(
      'requests_late_minutes_when_late',
      sql`${table.lateMinutes} is null or ${table.attendanceKind} is not distinct from ${late}
        or ${table.confirmKind} is not distinct from ${literal(ConfirmKind.late)}`,
    ),
    check(
      'requests_points_for_achievement_confirm',
      sql`${table.points} is null or ${table.type} = ${literal(RequestType.achievementConfirm)}`,
    ),
    check(
      'requests_reject_reason_when_rejected',
      sql`${table.rejectReason} is null or ${table.status} = ${status(RequestStatus.rejected)}`,
    ),
    textCheck('requests_reject_reason_length', table.rejectReason, LIMITS.requestContentMaxLength, true),
    rangeCheck('requests_late_minutes_range', table.lateMinutes, 1, LIMITS.lateMinutesMax),
    textCheck('requests_content_length', table.content, LIMITS.requestContentMaxLength, true),
  ],
);
