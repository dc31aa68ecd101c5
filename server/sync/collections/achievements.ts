import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { mayEditClassWork } from '../../../domain/permissions';
import { SYNC_COLLECTION_ROLES } from '../../../domain/sync';
import { type AchievementDoc, achievementDocSchema } from '../../../domain/sync-docs';
import { achievementId } from '../../../domain/sync-ids';
import { pointValueSchema, scoreWithinFull } from '../../../domain/validation';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { achievements, scoreHistory } from '../../db/schema';
import type { SyncActor, SyncCollectionDef, SyncWriteContext } from '../engine';
import { lockedRow, lockedRows, upsertRow } from '../write-row';
import { classScopeVersion, classTeacherIdsInPush, classWorkAudience, classWorkScope } from './class-access';

const achievementRowSchema = z.object({
  id: z.string(),
  subject_id: z.string(),
  university_id: z.string(),
  subject_student_id: z.string(),
  student_id: z.string(),
  score_name_id: z.string(),
  full_score: z.number(),
  schedule_id: z.string().nullable(),
  points: z.number().nullable(),
  comment: z.string().nullable(),
  seq: z.coerce.number().int(),
  deleted: z.boolean(),
});

type AchievementRow = z.infer<typeof achievementRowSchema>;

// numeric arrives as a string from node-postgres; float8 is a number on both drivers and holds 2 decimals.
const SELECT = sql`select a.id::text as id, a.subject_id::text as subject_id, a.university_id::text as university_id,
  a.subject_student_id::text as subject_student_id, a.student_id::text as student_id,
  a.score_name_id::text as score_name_id, a.full_score::float8 as full_score, a.schedule_id::text as schedule_id,
  a.points::float8 as points, a.comment, a.seq, a.deleted
  from achievements a`;

function toDoc(row: AchievementRow): AchievementDoc {
  return {
    id: row.id,
    subjectId: row.subject_id,
    universityId: row.university_id,
    subjectStudentId: row.subject_student_id,
    studentId: row.student_id,
    scoreNameId: row.score_name_id,
    fullScore: row.full_score,
    scheduleId: row.schedule_id,
    points: row.points,
    comment: row.comment,
    updatedAt: row.seq,
    _deleted: row.deleted,
  };
}

/** The server's current score documents with these ids (deleted ones included). */
export async function readAchievementDocs(db: Executor, ids: readonly string[]): Promise<AchievementDoc[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows(db, sql`${SELECT} where a.id in (${list})`, achievementRowSchema);
  return rows.map(toDoc);
}

const KEY_FIELDS = ['subjectId', 'universityId', 'subjectStudentId', 'studentId', 'scoreNameId'] as const;

async function refuseAchievement(
  ctx: SyncWriteContext,
  next: AchievementDoc,
  current: AchievementDoc | null,
) {
  if (current && KEY_FIELDS.some((field) => current[field] !== next[field])) return 'invalid' as const;
  if (!current && next.id !== achievementId(next.subjectStudentId, next.scoreNameId))
    return 'invalid' as const;
  // The database refuses these too; answering here keeps the reason exact (SPEC §5: never above full).
  if (next.points !== null && !pointValueSchema.safeParse(next.points).success) return 'invalid' as const;
  if (!scoreWithinFull(next.points, next.fullScore)) return 'invalid' as const;
  const teachers = await classTeacherIdsInPush(ctx, { subjectStudentId: next.subjectStudentId });
  if (teachers === null) return 'invalid' as const;
  return mayEditClassWork(ctx.actor, teachers) ? null : ('forbidden' as const);
}

/**
 * `achievements`: the scores a user may see (admins all, teachers their classes' students, students their
 * own). Teachers of the student's class and admins push; points and comment merge one by one.
 */
export const achievementsCollection: SyncCollectionDef<AchievementDoc, AchievementRow> = {
  name: 'achievements',
  docSchema: achievementDocSchema,
  pullRoles: SYNC_COLLECTION_ROLES.achievements.pull,
  scopeVersion: classScopeVersion,
  scope: (actor: SyncActor) =>
    sql`${SELECT} where ${classWorkScope(actor, { subjectStudentId: sql`a.subject_student_id` }, sql`a.student_id`)}`,
  rowSchema: achievementRowSchema,
  toDoc,
  push: {
    roles: SYNC_COLLECTION_ROLES.achievements.push,
    mergeFields: ['points', 'comment'],
    readForUpdate: ({ tx }, doc) => lockedRow(tx, SELECT, doc.id, achievementRowSchema, toDoc),
    readAllForUpdate: ({ tx }, docs) =>
      lockedRows(
        tx,
        SELECT,
        docs.map((doc) => doc.id),
        achievementRowSchema,
        toDoc,
      ),
    refuse: refuseAchievement,
    async write({ tx, seq, now }, doc) {
      await upsertRow(tx, achievements, [
        [achievements.id, doc.id],
        [achievements.subjectId, doc.subjectId],
        [achievements.universityId, doc.universityId],
        [achievements.subjectStudentId, doc.subjectStudentId],
        [achievements.studentId, doc.studentId],
        [achievements.scoreNameId, doc.scoreNameId],
        [achievements.fullScore, doc.fullScore],
        [achievements.scheduleId, doc.scheduleId],
        [achievements.points, doc.points],
        [achievements.comment, doc.comment],
        [achievements.seq, seq],
        [achievements.deleted, doc._deleted],
        [achievements.updatedAt, now.toISOString()],
      ]);
    },
    async history({ tx, actor, now }, before, after, offline) {
      await tx.insert(scoreHistory).values({
        achievementId: after.id,
        subjectId: after.subjectId,
        changedBy: actor.id,
        changedAt: now,
        oldPoints: before?.points ?? null,
        newPoints: after.points,
        oldComment: before?.comment ?? null,
        newComment: after.comment,
        offline,
      });
    },
    // Entering marks or scores answers the subject's "not entered yet" and highlight cards soon after.
    afterCommit: async (deps, written) => deps.cardRefresh.request(written.map((doc) => doc.subjectId)),
    audience: (tx, docs) =>
      classWorkAudience(
        tx,
        docs.map((doc) => ({ studentId: doc.studentId, subjectStudentId: doc.subjectStudentId })),
      ),
  },
};
