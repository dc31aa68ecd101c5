import { AttendanceStatus } from '../../../domain/attendance';
import { LIMITS } from '../../../domain/limits';
import { mayEditClassWork } from '../../../domain/permissions';
import type { AccountRole } from '../../../domain/roles';
import { attendanceId } from '../../../domain/sync-ids';
import type { SchoolDatabase } from '../../db/open-database';

/** Where a mark goes: a class student of a class at one schedule. */
export interface MarkTarget {
  subjectClass: { subjectId: string; universityId: string; teacherIds: readonly string[] };
  classStudentId: string;
  studentId: string;
  scheduleId: string;
}

/** What a mark changes; fields left out keep their value. */
export type MarkPatch = Partial<{
  status: AttendanceStatus | null;
  absenceReasons: string | null;
  comment: string | null;
}>;

/** Why a mark was not written. */
export type MarkRefusal = 'forbidden' | 'too_long';

const trimmed = (text: string | null | undefined) => {
  if (text === undefined) return undefined;
  const value = text?.trim() ?? '';
  return value === '' ? null : value;
};

/**
 * Writes attendance marks to the local database (the worker pushes them): checks the SPEC §6 rule and the
 * text limits first, then stores every mark under its natural id, so the same mark made twice, here or on
 * another device, is one row. A status other than late drops the late minutes, which belong to it.
 */
export async function markAttendance(
  database: SchoolDatabase,
  actor: { id: string; role: AccountRole },
  targets: readonly MarkTarget[],
  patch: MarkPatch,
): Promise<MarkRefusal | null> {
  if (targets.some((target) => !mayEditClassWork(actor, target.subjectClass.teacherIds))) return 'forbidden';
  const absenceReasons = trimmed(patch.absenceReasons);
  const comment = trimmed(patch.comment);
  if ([absenceReasons, comment].some((text) => (text?.length ?? 0) > LIMITS.commentMaxLength))
    return 'too_long';
  const changes = {
    ...(patch.status !== undefined ? { status: patch.status } : {}),
    ...(patch.status !== undefined && patch.status !== AttendanceStatus.late ? { lateMinutes: null } : {}),
    ...(absenceReasons !== undefined ? { absenceReasons } : {}),
    ...(comment !== undefined ? { comment } : {}),
  };
  const ids = targets.map((target) => attendanceId(target.classStudentId, target.scheduleId));
  const existing = await database.attendance.findByIds(ids).exec();
  const inserts = [];
  for (const [index, target] of targets.entries()) {
    const id = ids[index] ?? '';
    const current = existing.get(id);
    if (current) {
      await current.incrementalPatch(changes);
      continue;
    }
    inserts.push({
      id,
      subjectId: target.subjectClass.subjectId,
      universityId: target.subjectClass.universityId,
      classStudentId: target.classStudentId,
      studentId: target.studentId,
      scheduleId: target.scheduleId,
      status: null,
      lateMinutes: null,
      absenceReasons: null,
      comment: null,
      updatedAt: 0,
      ...changes,
    });
  }
  if (inserts.length > 0) await database.attendance.bulkInsert(inserts);
  return null;
}
