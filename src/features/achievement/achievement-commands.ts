import { sumOfSubScores } from '../../../domain/achievement-results';
import { LIMITS } from '../../../domain/limits';
import { mayEditClassWork } from '../../../domain/permissions';
import type { AccountRole } from '../../../domain/roles';
import { achievementId } from '../../../domain/sync-ids';
import { parsePoint, scoreWithinFull } from '../../../domain/validation';
import { ValidationCode } from '../../../domain/validation-codes';
import type { SchoolDatabase } from '../../db/open-database';

/** Where a score goes: a student's enrolment in a class's subject, for one score name. */
export interface ScoreTarget {
  subjectClass: { subjectId: string; universityId: string; teacherIds: readonly string[] };
  subjectStudentId: string;
  studentId: string;
  scoreName: { id: string; fullScore: number };
  /** For a sub-score: its parent and all the parent's sub-scores, whose sum becomes the parent's points. */
  parent?: { id: string; fullScore: number; partIds: readonly string[] };
}

/** What an entry changes: the typed points (blank: not entered) and/or the comment. */
export type ScorePatch = Partial<{ pointText: string; comment: string }>;

/** Why an entry was not written: the SPEC §6 rule, or the validation code of the typed value. */
export type ScoreRefusal = 'forbidden' | ValidationCode;

type Changes = Partial<{ points: number | null; comment: string | null }>;

async function writeScore(
  database: SchoolDatabase,
  target: Omit<ScoreTarget, 'parent'>,
  changes: Changes,
): Promise<void> {
  const id = achievementId(target.subjectStudentId, target.scoreName.id);
  const current = await database.achievements.findOne(id).exec();
  if (current) {
    await current.incrementalPatch(changes);
    return;
  }
  await database.achievements.insert({
    id,
    subjectId: target.subjectClass.subjectId,
    universityId: target.subjectClass.universityId,
    subjectStudentId: target.subjectStudentId,
    studentId: target.studentId,
    scoreNameId: target.scoreName.id,
    fullScore: target.scoreName.fullScore,
    scheduleId: null,
    points: null,
    comment: null,
    updatedAt: 0,
    ...changes,
  });
}

/**
 * Enters one score in the local database (the worker pushes it): the SPEC §6 rule first, then the typed
 * points read by the SPEC §5 rules (blank is null, 0 is kept, never above the full score) and the comment
 * limit. A sub-score also sets its parent to the sum of the parts (`sumOfSubScores`), refused when that sum
 * would pass the parent's full score. Nothing is written when anything is refused.
 */
export async function enterScore(
  database: SchoolDatabase,
  actor: { id: string; role: AccountRole },
  target: ScoreTarget,
  patch: ScorePatch,
): Promise<ScoreRefusal | null> {
  if (!mayEditClassWork(actor, target.subjectClass.teacherIds)) return 'forbidden';
  const changes: Changes = {};
  if (patch.pointText !== undefined) {
    const parsed = parsePoint(patch.pointText);
    if (!parsed.ok) return parsed.code;
    if (!scoreWithinFull(parsed.value, target.scoreName.fullScore)) return ValidationCode.scoreAboveFull;
    changes.points = parsed.value;
  }
  if (patch.comment !== undefined) {
    const comment = patch.comment.trim();
    if (comment.length > LIMITS.commentMaxLength) return ValidationCode.tooLong;
    changes.comment = comment === '' ? null : comment;
  }
  const parent = target.parent;
  let parentPoints: number | null | undefined;
  if (parent && changes.points !== undefined) {
    const partIds = parent.partIds.map((partId) => achievementId(target.subjectStudentId, partId));
    const parts = await database.achievements.findByIds(partIds).exec();
    const ownId = achievementId(target.subjectStudentId, target.scoreName.id);
    parentPoints = sumOfSubScores(
      partIds.map((partId) =>
        partId === ownId ? (changes.points ?? null) : (parts.get(partId)?.points ?? null),
      ),
    );
    if (!scoreWithinFull(parentPoints, parent.fullScore)) return ValidationCode.scoreAboveFull;
  }
  await writeScore(database, target, changes);
  if (parent && parentPoints !== undefined) {
    await writeScore(database, { ...target, scoreName: parent }, { points: parentPoints });
  }
  return null;
}
