import { codeSchema } from './codes';
import { AttendanceRequestKind, ConfirmKind, RequestType } from './requests';
import { hasEnded, type SchoolMoment } from './schedules';
import type { AttendanceTally } from './schemas/reports';

/**
 * Attendance status of one student at one schedule (SPEC §3 labels). SPEC gives no numbers, so absent,
 * present and late take the numbers of the request `ConfirmKind` (0, 1, 2): accepting an attendance-confirm
 * request then writes its kind as the status with no translation table. Unexplained absence, which no
 * request can claim, takes the next free number, 3. "Absent" is an explained (excused) absence. A schedule
 * with no status entered yet is `null`, never a code.
 */
export const AttendanceStatus = {
  absent: ConfirmKind.absent,
  present: ConfirmKind.present,
  late: ConfirmKind.late,
  unexplainedAbsence: 3,
} as const;
export type AttendanceStatus = (typeof AttendanceStatus)[keyof typeof AttendanceStatus];
/** Zod schema of an attendance status code. */
export const attendanceStatusSchema = codeSchema(AttendanceStatus);

/** Message ids of the attendance labels, in SPEC §3 order (present, late, unexplained absence, absent). */
export const ATTENDANCE_STATUS_LABELS = [
  { status: AttendanceStatus.present, label: 'attendance_present' },
  { status: AttendanceStatus.late, label: 'attendance_late' },
  { status: AttendanceStatus.unexplainedAbsence, label: 'attendance_unexplained_absence' },
  { status: AttendanceStatus.absent, label: 'attendance_absent' },
] as const;

/**
 * A student's attendance tallied for highlights (SPEC §9 conditions). The buckets are disjoint: `attendance`
 * counts only `present`, because `late` has a condition of its own; `missing` counts schedules with no status
 * entered. Explained absences are tallied in no condition bucket.
 */
export interface AttendanceCounts {
  missing: number;
  attendance: number;
  late: number;
  unexplainedAbsence: number;
}

/**
 * The tally of a list of statuses by SPEC §3 label (one per held schedule, or one per stored mark; null: no
 * status entered, counted as missing). The attendance report's SQL counts the same buckets (reports.test.ts).
 */
export function tallyOfStatuses(statuses: readonly (AttendanceStatus | null)[]): AttendanceTally {
  const tally = { present: 0, late: 0, unexplainedAbsence: 0, absent: 0, missing: 0 };
  for (const status of statuses) {
    if (status === null) tally.missing += 1;
    else if (status === AttendanceStatus.present) tally.present += 1;
    else if (status === AttendanceStatus.late) tally.late += 1;
    else if (status === AttendanceStatus.unexplainedAbsence) tally.unexplainedAbsence += 1;
    else tally.absent += 1;
  }
  return tally;
}

/** A tally as the highlight conditions read it (`attendance` is present only; explained absences in none). */
export function tallyCounts(tally: AttendanceTally): AttendanceCounts {
  return {
    missing: tally.missing,
    attendance: tally.present,
    late: tally.late,
    unexplainedAbsence: tally.unexplainedAbsence,
  };
}

/** A sitting as the held-sitting rule reads it. */
export interface HeldSittingSource {
  id: string;
  day: string;
  endTime: string;
  lessonId: string | null;
}

/**
 * A class student's statuses over the class's held sittings: one per sitting of a published lesson that has
 * ended by `moment` (`hasEnded`), its mark's status, or null where none is entered. Marks at other sittings
 * (a draft lesson's, one still to end) are not counted. The same rule as the attendance report's
 * `heldSittings` (server/modules/shared/report-sql.ts), so a student's own profile and the report tally alike.
 */
export function heldStatuses(
  sittings: readonly HeldSittingSource[],
  publishedLessonIds: ReadonlySet<string>,
  marks: ReadonlyMap<string, AttendanceStatus | null>,
  moment: SchoolMoment,
): (AttendanceStatus | null)[] {
  return sittings
    .filter((sitting) => sitting.lessonId !== null && publishedLessonIds.has(sitting.lessonId))
    .filter((sitting) => hasEnded(sitting, moment))
    .map((sitting) => marks.get(sitting.id) ?? null);
}

/** Tallies a student's statuses (one per held schedule, null where not entered) into highlight counts. */
export function countAttendance(statuses: readonly (AttendanceStatus | null)[]): AttendanceCounts {
  return tallyCounts(tallyOfStatuses(statuses));
}

/** What a request says about a sitting: its type, kinds and late minutes. */
export interface RequestMarkSource {
  type: RequestType;
  attendanceKind: AttendanceRequestKind | null;
  confirmKind: ConfirmKind | null;
  lateMinutes: number | null;
}

function requestedStatus(request: RequestMarkSource): AttendanceStatus | null {
  if (request.type === RequestType.attendanceConfirm) return request.confirmKind;
  if (request.type !== RequestType.attendance) return null;
  return request.attendanceKind === AttendanceRequestKind.late
    ? AttendanceStatus.late
    : AttendanceStatus.absent;
}

/**
 * The mark an attendance or attendance-confirm request asks for, which accepting it with update enters
 * (issue #20): a notice of absence marks absent, of lateness late with its minutes; a confirm marks the status
 * it claims. Null for a request about no sitting.
 */
export function requestedMark(
  request: RequestMarkSource,
): { status: AttendanceStatus; lateMinutes: number | null } | null {
  const status = requestedStatus(request);
  if (status === null) return null;
  return { status, lateMinutes: status === AttendanceStatus.late ? request.lateMinutes : null };
}
