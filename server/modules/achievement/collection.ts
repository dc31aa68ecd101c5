import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { finalScoreTop } from '../../../domain/achievement-results';
import { mayEditClassWork, mayUpdateFinalScore } from '../../../domain/permissions';
import { SYNC_COLLECTION_ROLES, type SyncRejectReason } from '../../../domain/sync';
import { type AchievementDoc, AchievementDocKind, achievementDocSchema } from '../../../domain/sync-docs';
import { achievementId, resultId } from '../../../domain/sync-ids';
import { pointValueSchema, scoreWithinFull } from '../../../domain/validation';
import { achievementReadScope } from '../../access/achievements';
import { classScopeVersion, classTeacherIdsOnce, classWorkAudience } from '../../access/classes';
import { studentRecordOf } from '../../access-log/pulls';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { achievements, resultHistory, results, scoreHistory } from '../../db/schema';
import {
  docFieldColumns,
  docJsonOf,
  SYNC_DOC_FIELDS,
  SYNC_ROW_COLUMNS,
  toDocFields,
} from '../../sync/doc-fields';
import type { SyncActor, SyncCollectionDef, SyncWriteContext } from '../../sync/engine';
import { lockedRow, lockedRows, upsertRow } from '../../sync/write-row';
import { readSubject, readSubjectScoreNames } from './queries';

const achievementRowSchema = achievementDocSchema.omit(SYNC_DOC_FIELDS).extend(SYNC_ROW_COLUMNS);

type AchievementRow = z.infer<typeof achievementRowSchema>;

/** The fields of both kinds: a row of each kind shares them, from its own table. */
const sharedColumns = {
  id: sql`a.id::text`,
  subjectId: sql`a.subject_id::text`,
  universityId: sql`a.university_id::text`,
  subjectStudentId: sql`a.subject_student_id::text`,
  studentId: sql`a.student_id::text`,
  comment: sql`a.comment`,
};

// The document's one field list, per kind: each field's column (numeric as float8, a number on both drivers
// that holds 2 decimals), or the empty value a kind without it has. Both selects name their table `a`, as
// `lockedRow` expects.
const SELECT = sql`select ${docFieldColumns(achievementDocSchema, {
  ...sharedColumns,
  kind: sql`${AchievementDocKind.score}::text`,
  scoreNameId: sql`a.score_name_id::text`,
  fullScore: sql`a.full_score::float8`,
  scheduleId: sql`a.schedule_id::text`,
  points: sql`a.points::float8`,
  finalScore: sql`null::float8`,
})}, a.seq, a.deleted
  from achievements a`;

const RESULT_SELECT = sql`select ${docFieldColumns(achievementDocSchema, {
  ...sharedColumns,
  kind: sql`${AchievementDocKind.result}::text`,
  scoreNameId: sql`''::text`,
  fullScore: sql`null::float8`,
  scheduleId: sql`null::text`,
  points: sql`null::float8`,
  finalScore: sql`a.final_score::float8`,
})}, a.seq, a.deleted
  from results a`;

const toDoc = (row: AchievementRow): AchievementDoc => toDocFields(row);

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

/** The fields another kind of row has; a row of one kind must leave the other kind's empty. */
function holdsOtherKind(doc: AchievementDoc): boolean {
  if (doc.kind === AchievementDocKind.score) return doc.fullScore === null || doc.finalScore !== null;
  return doc.scoreNameId !== '' || doc.fullScore !== null || doc.scheduleId !== null || doc.points !== null;
}

/** The natural id a new row of this kind must carry. */
function naturalIdOf(doc: AchievementDoc): string {
  return doc.kind === AchievementDocKind.result
    ? resultId(doc.subjectStudentId)
    : achievementId(doc.subjectStudentId, doc.scoreNameId);
}

const isPoint = (value: number | null) => value === null || pointValueSchema.safeParse(value).success;

/**
 * Whether a pushed result would change the server's final score. A push based on an older state merges
 * field by field (`decidePush`), so it changes the final score only where it differs from its base; a push
 * based on the current state (or with no base) is taken as sent, so any difference from the server counts,
 * whatever base it claims.
 */
function changesFinalScore(
  next: AchievementDoc,
  current: AchievementDoc | null,
  base: AchievementDoc | null,
) {
  if (next.finalScore === (current?.finalScore ?? null)) return false;
  if (!current || !base || base.updatedAt === current.updatedAt) return true;
  return next.finalScore !== base.finalScore;
}

/**
 * Why a result's final score may not change as pushed: only admins, or the class's teachers when the subject
 * lets teachers (`mayUpdateFinalScore`), set it; a value set by hand lies within 0 and the top of the
 * subject's formula (`finalScoreTop`). A push that leaves the final score alone (a comment edit) needs
 * neither.
 */
async function refuseFinalScore(
  ctx: SyncWriteContext,
  next: AchievementDoc,
  current: AchievementDoc | null,
  base: AchievementDoc | null,
  teachers: readonly string[],
): Promise<SyncRejectReason | null> {
  if (!changesFinalScore(next, current, base)) return null;
  const subject = await readSubject(ctx.tx, next.subjectId);
  if (!subject) return 'invalid';
  if (!mayUpdateFinalScore(ctx.actor, teachers, subject.teacherAllowUpdateFinalScore)) return 'forbidden';
  if (next.finalScore === null) return null;
  const top = finalScoreTop(subject.formula, await readSubjectScoreNames(ctx.tx, next.subjectId));
  return top !== null && scoreWithinFull(next.finalScore, top) ? null : 'invalid';
}

async function refuseAchievement(
  ctx: SyncWriteContext,
  next: AchievementDoc,
  current: AchievementDoc | null,
  base: AchievementDoc | null,
): Promise<SyncRejectReason | null> {
  if (current && (current.kind !== next.kind || KEY_FIELDS.some((field) => current[field] !== next[field])))
    return 'invalid';
  if (!current && next.id !== naturalIdOf(next)) return 'invalid';
  if (holdsOtherKind(next)) return 'invalid';
  // The database refuses these too; answering here keeps the reason exact (SPEC §5: never above full).
  if (!isPoint(next.points) || !isPoint(next.finalScore)) return 'invalid';
  if (next.fullScore !== null && !scoreWithinFull(next.points, next.fullScore)) return 'invalid';
  const teachers = await classTeacherIdsOnce(ctx, { subjectStudentId: next.subjectStudentId });
  if (teachers === null) return 'invalid';
  if (!mayEditClassWork(ctx.actor, teachers)) return 'forbidden';
  return next.kind === AchievementDocKind.result
    ? refuseFinalScore(ctx, next, current, base, teachers)
    : null;
}

async function writeScore({ tx, seq, now }: SyncWriteContext, doc: AchievementDoc) {
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
}

/** Writes a result's own fields; the GPA and formula the server keeps beside them stay as they are. */
async function writeResult({ tx, seq, now }: SyncWriteContext, doc: AchievementDoc) {
  await upsertRow(tx, results, [
    [results.id, doc.id],
    [results.subjectId, doc.subjectId],
    [results.universityId, doc.universityId],
    [results.subjectStudentId, doc.subjectStudentId],
    [results.studentId, doc.studentId],
    [results.finalScore, doc.finalScore],
    [results.comment, doc.comment],
    [results.seq, seq],
    [results.deleted, doc._deleted],
    [results.updatedAt, now.toISOString()],
  ]);
}

/**
 * `achievements`: the scores and results (final score set by hand, subject comment) a user may see (admins
 * all, teachers their classes' students, students their own), one collection with a `kind` (the local
 * collection cap). Teachers of the student's class and admins push; points, final score and comment merge
 * one by one. A final score is set only by those `mayUpdateFinalScore` lets.
 */
export const achievementsCollection: SyncCollectionDef<AchievementDoc, AchievementRow> = {
  name: 'achievements',
  docSchema: achievementDocSchema,
  pullRoles: SYNC_COLLECTION_ROLES.achievements.pull,
  scopeVersion: classScopeVersion,
  scope: (actor: SyncActor) => {
    const visible = achievementReadScope(actor);
    return sql`${SELECT} where ${visible} union all ${RESULT_SELECT} where ${visible}`;
  },
  subjectColumn: 'subjectId',
  rowSchema: achievementRowSchema,
  toDoc,
  docJson: docJsonOf(achievementDocSchema),
  recordOf: studentRecordOf,
  push: {
    roles: SYNC_COLLECTION_ROLES.achievements.push,
    mergeFields: ['points', 'finalScore', 'comment'],
    readForUpdate: ({ tx }, doc) =>
      lockedRow(
        tx,
        doc.kind === AchievementDocKind.result ? RESULT_SELECT : SELECT,
        doc.id,
        achievementRowSchema,
        toDoc,
      ),
    // Scores and results live in two tables whose ids never meet, so two sorted lock runs keep one order.
    async readAllForUpdate({ tx }, docs) {
      const idsOf = (kind: AchievementDocKind) =>
        docs.filter((doc) => doc.kind === kind).map((doc) => doc.id);
      const scores = await lockedRows(
        tx,
        SELECT,
        idsOf(AchievementDocKind.score),
        achievementRowSchema,
        toDoc,
      );
      const found = await lockedRows(
        tx,
        RESULT_SELECT,
        idsOf(AchievementDocKind.result),
        achievementRowSchema,
        toDoc,
      );
      for (const [id, doc] of scores) found.set(id, doc);
      return found;
    },
    refuse: refuseAchievement,
    write: (ctx, doc) =>
      doc.kind === AchievementDocKind.result ? writeResult(ctx, doc) : writeScore(ctx, doc),
    async history({ tx, actor, now, requestId }, before, after, offline) {
      const who = { subjectId: after.subjectId, changedBy: actor.id, changedAt: now, offline };
      if (after.kind === AchievementDocKind.result) {
        await tx.insert(resultHistory).values({
          ...who,
          resultId: after.id,
          oldFinalScore: before?.finalScore ?? null,
          newFinalScore: after.finalScore,
          oldComment: before?.comment ?? null,
          newComment: after.comment,
        });
        return;
      }
      await tx.insert(scoreHistory).values({
        ...who,
        achievementId: after.id,
        oldPoints: before?.points ?? null,
        newPoints: after.points,
        oldComment: before?.comment ?? null,
        newComment: after.comment,
        requestId: requestId ?? null,
      });
    },
    // Entering marks or scores answers the subject's "not entered yet" and highlight cards soon after; no
    // card reads a final score set by hand, so results alone refresh nothing.
    afterCommit: async (deps, written) =>
      deps.cardRefresh.request(
        written.filter((doc) => doc.kind === AchievementDocKind.score).map((doc) => doc.subjectId),
      ),
    audience: (tx, docs) =>
      classWorkAudience(
        tx,
        docs.map((doc) => ({ studentId: doc.studentId, subjectStudentId: doc.subjectStudentId })),
      ),
  },
};
