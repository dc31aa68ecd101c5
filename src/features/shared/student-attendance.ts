import { AttendanceStatus } from '../../../domain/attendance';
import { RequestStatus } from '../../../domain/request-status';
import type { RequestOption } from '../../../domain/requests';
import { hasEnded, type SchoolMoment } from '../../../domain/schedules';

/** A request about one sitting, as the dated list shows it: what it asks and where it stands. */
export interface SittingRequest {
  id: string;
  option: RequestOption;
  status: RequestStatus;
}

/** One sitting of one of the student's classes, with their mark and their request about it. */
export interface AttendanceEntry {
  scheduleId: string;
  day: string;
  startTime: string;
  endTime: string;
  subjectName: string;
  /** The lesson or exam the sitting belongs to. */
  sittingName: string;
  /** False while the sitting has not ended: no mark is due yet. */
  held: boolean;
  /** The mark entered, null while none is. */
  status: AttendanceStatus | null;
  lateMinutes: number | null;
  /** The reason the teacher noted with an absence. */
  reason: string | null;
  /** The latest request the student filed about this sitting that is not cancelled, if any. */
  request: SittingRequest | null;
}

/** The local rows a student's dated attendance is built from, all of them the student's own scope. */
export interface AttendanceHistoryInput {
  /** The student's seats: subject and class. */
  enrolments: readonly { subjectId: string; classId: string | null }[];
  subjectNames: ReadonlyMap<string, string>;
  sittings: readonly {
    id: string;
    subjectId: string;
    classId: string;
    lessonId: string;
    day: string;
    startTime: string;
    endTime: string;
  }[];
  /** Published lessons by id with their names; a draft lesson's sittings are not held and not listed. */
  publishedLessons: ReadonlyMap<string, string>;
  marks: readonly {
    scheduleId: string;
    status: number | null;
    lateMinutes: number | null;
    absenceReasons: string | null;
  }[];
  requests: readonly {
    id: string;
    scheduleId: string | null;
    option: RequestOption;
    status: RequestStatus;
    createdAt: string;
  }[];
  moment: SchoolMoment;
}

/** A student's sittings, split at now: what is coming (nearest first) and what was held (latest first). */
export interface AttendanceHistory {
  coming: AttendanceEntry[];
  held: AttendanceEntry[];
}

const STATUSES = new Set<number>(Object.values(AttendanceStatus));

function byTime(a: AttendanceEntry, b: AttendanceEntry): number {
  return a.day.localeCompare(b.day) || a.startTime.localeCompare(b.startTime);
}

/** The latest request about each sitting that still stands or was decided (a cancelled one says nothing). */
function requestsBySitting(requests: AttendanceHistoryInput['requests']): Map<string, SittingRequest> {
  const latest = new Map<string, AttendanceHistoryInput['requests'][number]>();
  for (const request of requests) {
    if (!request.scheduleId || request.status === RequestStatus.cancelled) continue;
    const known = latest.get(request.scheduleId);
    if (!known || known.createdAt < request.createdAt) latest.set(request.scheduleId, request);
  }
  return new Map(
    [...latest].map(([scheduleId, request]) => [
      scheduleId,
      { id: request.id, option: request.option, status: request.status },
    ]),
  );
}

/**
 * A student's attendance sitting by sitting (issue 42: the profile showed counts only, and a notice the school
 * approved for a coming lesson was nowhere to be seen): every sitting of a published lesson of their classes,
 * with its date, subject, lesson, the mark and the teacher's reason once held, and their latest request about
 * it (a notice before, a confirmation after). The same held rule as the counts (`hasEnded`).
 */
export function buildAttendanceHistory(input: AttendanceHistoryInput): AttendanceHistory {
  const classes = new Set(input.enrolments.flatMap((row) => (row.classId ? [row.classId] : [])));
  const marks = new Map(input.marks.map((row) => [row.scheduleId, row]));
  const requests = requestsBySitting(input.requests);
  const entries = input.sittings.flatMap((sitting): AttendanceEntry[] => {
    const sittingName = input.publishedLessons.get(sitting.lessonId);
    if (!classes.has(sitting.classId) || sittingName === undefined) return [];
    const mark = marks.get(sitting.id);
    const status =
      mark && mark.status !== null && STATUSES.has(mark.status) ? (mark.status as AttendanceStatus) : null;
    return [
      {
        scheduleId: sitting.id,
        day: sitting.day,
        startTime: sitting.startTime.slice(0, 5),
        endTime: sitting.endTime.slice(0, 5),
        subjectName: input.subjectNames.get(sitting.subjectId) ?? '',
        sittingName,
        held: hasEnded(sitting, input.moment),
        status,
        lateMinutes: status === AttendanceStatus.late ? (mark?.lateMinutes ?? null) : null,
        reason: mark?.absenceReasons?.trim() || null,
        request: requests.get(sitting.id) ?? null,
      },
    ];
  });
  return {
    coming: entries.filter((entry) => !entry.held).sort(byTime),
    held: entries
      .filter((entry) => entry.held)
      .sort(byTime)
      .reverse(),
  };
}
