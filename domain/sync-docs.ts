import { z } from 'zod';
import { attendanceStatusSchema } from './attendance';

const id = z.string().min(1).max(64);
const sequence = z.number().int().nonnegative();
const text = z.string().max(10_000);

/**
 * A person of the `people` collection: a user the signed-in user may see, with the student profile when the
 * user is a student. Addresses and phone numbers stay on the server.
 */
export const personDocSchema = z.strictObject({
  id,
  role: z.number().int(),
  name: z.string(),
  nameKana: z.string().nullable(),
  avatar: z.string().nullable(),
  retireAt: z.string().nullable(),
  studentId: id.nullable(),
  identity: z.string().nullable(),
  universityId: id.nullable(),
  facultyId: id.nullable(),
  yearCodeId: id.nullable(),
  updatedAt: sequence,
  _deleted: z.boolean(),
});

export type PersonDoc = z.infer<typeof personDocSchema>;

/** One attendance of the `attendance` collection; the id is `attendanceId(classStudentId, scheduleId)`. */
export const attendanceDocSchema = z.strictObject({
  id,
  subjectId: id,
  universityId: id,
  classStudentId: id,
  studentId: id,
  scheduleId: id,
  status: attendanceStatusSchema.nullable(),
  lateMinutes: z.number().int().nullable(),
  absenceReasons: text.nullable(),
  comment: text.nullable(),
  updatedAt: sequence,
  _deleted: z.boolean(),
});

export type AttendanceDoc = z.infer<typeof attendanceDocSchema>;

/** One score of the `achievements` collection; the id is `achievementId(subjectStudentId, scoreNameId)`. */
export const achievementDocSchema = z.strictObject({
  id,
  subjectId: id,
  universityId: id,
  subjectStudentId: id,
  studentId: id,
  scoreNameId: id,
  fullScore: z.number(),
  scheduleId: id.nullable(),
  points: z.number().nullable(),
  comment: text.nullable(),
  updatedAt: sequence,
  _deleted: z.boolean(),
});

export type AchievementDoc = z.infer<typeof achievementDocSchema>;
