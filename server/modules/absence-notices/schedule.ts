import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AttendanceStatus } from '../../../domain/attendance';
import type { AttendanceDoc } from '../../../domain/sync-docs';
import { liveGuardiansOf } from '../../access/guardians';
import type { AppConfig } from '../../config';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { enqueueJob } from '../../jobs/queue';

/** The job that tells a child's guardians of the day's absences and lateness. */
export const ABSENCE_NOTICE_JOB = 'absence_notice';

/** What the job is about: one child on one day. */
export interface AbsenceNoticeJob {
  studentId: string;
  /** `YYYY-MM-DD`. */
  day: string;
}

/** The wait before guardians are told when `ABSENCE_NOTICE_DELAY_MINUTES` says nothing: 10 minutes. */
export const DEFAULT_ABSENCE_NOTICE_DELAY_MS = 10 * 60_000;

/**
 * The statuses a guardian is told of: late, and an absence not (yet) explained. An explained absence
 * (`absent`) is one the school already knows the reason of, excused.
 */
export const NOTIFIED_STATUSES: readonly AttendanceStatus[] = [
  AttendanceStatus.late,
  AttendanceStatus.unexplainedAbsence,
];

/** Whether a mark is one its student's guardians are told of. */
export function isNotifiedMark(doc: Pick<AttendanceDoc, 'status' | '_deleted'>): boolean {
  return !doc._deleted && doc.status !== null && NOTIFIED_STATUSES.includes(doc.status);
}

/** The singleton key of a child's notice of a day: marks within the window share one job. */
export function absenceNoticeKey(job: AbsenceNoticeJob): string {
  return `${ABSENCE_NOTICE_JOB}:${job.studentId}:${job.day}`;
}

const studentDayRow = z.object({ student_id: z.string(), day: z.string() });

/**
 * After marks are written (the attendance push's `afterCommit`, REST or sync): for each child marked absent
 * or late who has a live guardian, a notice job for the child and the sitting's day, after the window. The
 * first mark of a day opens the window; marks within it join the same job (its singleton key), and the job
 * reads the marks as they are when it runs, so a mark corrected meanwhile is not told.
 */
export async function scheduleAbsenceNotices(
  deps: { db: Executor; now: () => Date; config: Pick<AppConfig, 'absenceNoticeDelayMs'> },
  written: readonly AttendanceDoc[],
): Promise<number> {
  const marked = written.filter(isNotifiedMark);
  if (marked.length === 0) return 0;
  const guarded = new Set(
    (
      await liveGuardiansOf(
        deps.db,
        marked.map((doc) => doc.studentId),
      )
    ).map((row) => row.studentId),
  );
  const told = marked.filter((doc) => guarded.has(doc.studentId));
  if (told.length === 0) return 0;
  const pairs = JSON.stringify(
    told.map((doc) => ({ student_id: doc.studentId, schedule_id: doc.scheduleId })),
  );
  const due = await queryRows(
    deps.db,
    sql`select distinct x.student_id::text as student_id, s.day::text as day
        from json_to_recordset(${pairs}::json) as x(student_id uuid, schedule_id uuid)
        join schedules s on s.id = x.schedule_id and not s.deleted`,
    studentDayRow,
  );
  const now = deps.now();
  const runAt = new Date(
    now.getTime() + (deps.config.absenceNoticeDelayMs ?? DEFAULT_ABSENCE_NOTICE_DELAY_MS),
  );
  let added = 0;
  for (const row of due) {
    const job: AbsenceNoticeJob = { studentId: row.student_id, day: row.day };
    if (
      await enqueueJob(
        deps.db,
        { name: ABSENCE_NOTICE_JOB, payload: job, runAt, singletonKey: absenceNoticeKey(job) },
        now,
      )
    )
      added += 1;
  }
  return added;
}
