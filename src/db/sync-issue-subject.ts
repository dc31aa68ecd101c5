import { z } from 'zod';
import { AchievementDocKind, NoteKind } from '../../domain/sync-docs';
import type { SchoolDatabase } from './open-database';
import type { OutboxDocType } from './outbox-schema';

/** One field of a refused local write, with the value this device wrote. */
export type IssueValue = { field: string; value: unknown };

/**
 * What a sync issue is about, as far as this device's database knows, so the list can name it: the
 * student and the sitting of a mark, the student and the score name of a score, the lesson and the sitting
 * of a lesson plan (or a note on one), or only the collection.
 * Names are null where the rows they come from are no longer on the device.
 */
export type SyncIssueSubject =
  | { kind: 'attendance'; studentName: string | null; day: string | null; startTime: string | null }
  | { kind: 'score'; studentName: string | null; scoreName: string | null }
  | { kind: 'finalScore'; studentName: string | null }
  | { kind: 'plan'; lessonName: string | null; day: string | null; startTime: string | null }
  | { kind: 'other'; collection: string };

/** What a refused row says about itself; the issue keeps the whole row as it was pushed. */
const attendanceRowSchema = z.looseObject({ studentId: z.string(), scheduleId: z.string() });
const achievementRowSchema = z.looseObject({
  kind: z.enum(AchievementDocKind),
  studentId: z.string(),
  scoreNameId: z.string(),
});
const planRowSchema = z.looseObject({
  kind: z.enum([NoteKind.plan, NoteKind.planNote]),
  lessonId: z.string().nullable(),
  scheduleId: z.string().nullable(),
});

function storedRow(issue: OutboxDocType): unknown {
  try {
    return JSON.parse(issue.local ?? 'null');
  } catch {
    return null;
  }
}

async function studentName(database: SchoolDatabase, studentId: string): Promise<string | null> {
  const person = await database.people.findOne({ selector: { studentId } }).exec();
  return person?.name ?? null;
}

/** Reads, from the local database, what a sync issue's row is about. */
export async function describeSyncIssue(
  database: SchoolDatabase,
  issue: OutboxDocType,
): Promise<SyncIssueSubject> {
  const row = storedRow(issue);
  if (issue.collectionName === 'attendance') {
    const mark = attendanceRowSchema.safeParse(row);
    if (mark.success) {
      const schedule = await database.schedules.findOne(mark.data.scheduleId).exec();
      return {
        kind: 'attendance',
        studentName: await studentName(database, mark.data.studentId),
        day: schedule?.day ?? null,
        startTime: schedule?.startTime ?? null,
      };
    }
  }
  if (issue.collectionName === 'achievements') {
    const score = achievementRowSchema.safeParse(row);
    if (score.success) {
      const name = await studentName(database, score.data.studentId);
      if (score.data.kind === AchievementDocKind.result) return { kind: 'finalScore', studentName: name };
      const scoreName = await database.subjects.findOne(score.data.scoreNameId).exec();
      return { kind: 'score', studentName: name, scoreName: scoreName?.name ?? null };
    }
  }
  if (issue.collectionName === 'notes') {
    const plan = planRowSchema.safeParse(row);
    if (plan.success) {
      const [lesson, schedule] = await Promise.all([
        plan.data.lessonId ? database.lessons.findOne(plan.data.lessonId).exec() : null,
        plan.data.scheduleId ? database.schedules.findOne(plan.data.scheduleId).exec() : null,
      ]);
      return {
        kind: 'plan',
        lessonName: lesson?.name ?? null,
        day: schedule?.day ?? null,
        startTime: schedule?.startTime ?? null,
      };
    }
  }
  return { kind: 'other', collection: issue.collectionName };
}

/**
 * The values this device wrote in the fields the server refused or kept its own value of. Fields merged as
 * one (a late mark and its minutes) come back together: an empty one beside a filled one says nothing and
 * is left out, but a write that emptied every field is shown as such.
 */
export function issueValues(issue: OutboxDocType): IssueValue[] {
  const row = z.record(z.string(), z.unknown()).safeParse(storedRow(issue));
  if (!row.success) return [];
  const written = issue.fields
    .filter((field) => field in row.data)
    .map((field) => ({ field, value: row.data[field] }));
  const filled = written.filter((entry) => entry.value !== null && entry.value !== '');
  return filled.length > 0 ? filled : written;
}
