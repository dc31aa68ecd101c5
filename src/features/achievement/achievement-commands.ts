import { sumOfSubScores } from '../../../domain/achievement-results';
import { LIMITS } from '../../../domain/limits';
import { mayEditClassWork, mayUpdateFinalScore } from '../../../domain/permissions';
import type { AccountRole } from '../../../domain/roles';
import { AchievementDocKind } from '../../../domain/sync-docs';
import { achievementId, resultId } from '../../../domain/sync-ids';
import { parsePoint, scoreWithinFull } from '../../../domain/validation';
import { ValidationCode } from '../../../domain/validation-codes';
import type { SchoolDatabase } from '../../db/open-database';
import type { AchievementDocType } from '../../db/synced-schemas';

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

/** The fields an entry writes. */
export type ScoreChanges = Partial<{
  points: number | null;
  finalScore: number | null;
  comment: string | null;
}>;

/** Writes changes to one row of the `achievements` collection, creating it from `blank` when it is new. */
async function writeAchievement(
  database: SchoolDatabase,
  blank: AchievementDocType,
  changes: ScoreChanges,
): Promise<void> {
  const current = await database.achievements.findOne(blank.id).exec();
  if (current) {
    await current.incrementalPatch(changes);
    return;
  }
  await database.achievements.insert({ ...blank, ...changes });
}

/** The fields every row of a student's enrolment shares. */
function enrolmentFields(target: Pick<ScoreTarget, 'subjectClass' | 'subjectStudentId' | 'studentId'>) {
  return {
    subjectId: target.subjectClass.subjectId,
    universityId: target.subjectClass.universityId,
    subjectStudentId: target.subjectStudentId,
    studentId: target.studentId,
    scheduleId: null,
    points: null,
    finalScore: null,
    comment: null,
    updatedAt: 0,
  };
}

function writeScore(database: SchoolDatabase, target: Omit<ScoreTarget, 'parent'>, changes: ScoreChanges) {
  return writeAchievement(
    database,
    {
      ...enrolmentFields(target),
      id: achievementId(target.subjectStudentId, target.scoreName.id),
      kind: AchievementDocKind.score,
      scoreNameId: target.scoreName.id,
      fullScore: target.scoreName.fullScore,
    },
    changes,
  );
}

/** Reads a typed comment: trimmed, blank is none, refused above the comment limit. */
function readComment(text: string): { ok: true; value: string | null } | { ok: false; code: ValidationCode } {
  const comment = text.trim();
  if (comment.length > LIMITS.commentMaxLength) return { ok: false, code: ValidationCode.tooLong };
  return { ok: true, value: comment === '' ? null : comment };
}

// Each database's score entries, one after the other (see `oneEntryAtATime`).
const entryQueues = new WeakMap<SchoolDatabase, Promise<unknown>>();

/**
 * Runs score entries of one database one after the other. A sub-score's parent is written as the sum of
 * the parts as stored: two entries of one student's parts that overlap would each read the other's part
 * before it is written, and the later parent write would drop the earlier part from the sum.
 */
function oneEntryAtATime<T>(database: SchoolDatabase, entry: () => Promise<T>): Promise<T> {
  const previous = entryQueues.get(database) ?? Promise.resolve();
  const next = previous.then(entry);
  entryQueues.set(
    database,
    next.catch(() => undefined),
  );
  return next;
}

/** A typed score entry that passed the checks made before writing: the changes to store. */
export type CheckedScoreEntry = { ok: true; changes: ScoreChanges } | { ok: false; refusal: ScoreRefusal };

/**
 * The checks of a score entry that need nothing stored, made at once when the user enters it (so a screen can
 * show the accepted value in the same frame): the SPEC §6 rule, then the typed points read by the SPEC §5
 * rules (blank is null, 0 is kept, never above the full score) and the comment limit.
 */
export function checkScoreEntry(
  actor: { id: string; role: AccountRole },
  target: ScoreTarget,
  patch: ScorePatch,
): CheckedScoreEntry {
  if (!mayEditClassWork(actor, target.subjectClass.teacherIds)) return { ok: false, refusal: 'forbidden' };
  const changes: ScoreChanges = {};
  if (patch.pointText !== undefined) {
    const parsed = parsePoint(patch.pointText);
    if (!parsed.ok) return { ok: false, refusal: parsed.code };
    if (!scoreWithinFull(parsed.value, target.scoreName.fullScore))
      return { ok: false, refusal: ValidationCode.scoreAboveFull };
    changes.points = parsed.value;
  }
  if (patch.comment !== undefined) {
    const comment = readComment(patch.comment);
    if (!comment.ok) return { ok: false, refusal: comment.code };
    changes.comment = comment.value;
  }
  return { ok: true, changes };
}

/**
 * Stores a checked score entry in the local database (the worker pushes it). A sub-score also sets its
 * parent to the sum of the parts (`sumOfSubScores`), refused when that sum would pass the parent's full
 * score: that check reads the stored parts, so it comes here, and nothing is written when it refuses.
 */
export function storeScoreEntry(
  database: SchoolDatabase,
  target: ScoreTarget,
  changes: ScoreChanges,
): Promise<ScoreRefusal | null> {
  const parent = target.parent;
  return oneEntryAtATime(database, async () => {
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
  });
}

/**
 * Enters one score in the local database: `checkScoreEntry`, then `storeScoreEntry`. Nothing is written
 * when anything is refused.
 */
export async function enterScore(
  database: SchoolDatabase,
  actor: { id: string; role: AccountRole },
  target: ScoreTarget,
  patch: ScorePatch,
): Promise<ScoreRefusal | null> {
  const checked = checkScoreEntry(actor, target, patch);
  if (!checked.ok) return checked.refusal;
  return storeScoreEntry(database, target, checked.changes);
}

/** Where a final score goes: a student's enrolment, with what decides who may set it and up to what. */
export interface FinalScoreTarget extends Pick<ScoreTarget, 'subjectStudentId' | 'studentId'> {
  subjectClass: ScoreTarget['subjectClass'] & { teacherAllowUpdateFinalScore: boolean };
  /** The top of the subject's formula (`finalScoreTop`); null when there is none to set a score against. */
  top: number | null;
}

/**
 * The checks of a final score set by hand, made at once when the user enters it: allowed to admins and, when
 * the subject lets them, the class's teachers (`mayUpdateFinalScore`); the typed value is read like a score
 * (blank clears it back to the formula's value) and must lie within 0 and the formula's top. A comment is the
 * comment on the whole subject.
 */
export function checkFinalScoreEntry(
  actor: { id: string; role: AccountRole },
  target: FinalScoreTarget,
  patch: ScorePatch,
): CheckedScoreEntry {
  const { subjectClass } = target;
  const changes: ScoreChanges = {};
  if (patch.pointText !== undefined) {
    if (!mayUpdateFinalScore(actor, subjectClass.teacherIds, subjectClass.teacherAllowUpdateFinalScore))
      return { ok: false, refusal: 'forbidden' };
    const parsed = parsePoint(patch.pointText);
    if (!parsed.ok) return { ok: false, refusal: parsed.code };
    if (parsed.value !== null && (target.top === null || !scoreWithinFull(parsed.value, target.top)))
      return { ok: false, refusal: ValidationCode.scoreAboveFull };
    changes.finalScore = parsed.value;
  }
  if (patch.comment !== undefined) {
    if (!mayEditClassWork(actor, subjectClass.teacherIds)) return { ok: false, refusal: 'forbidden' };
    const comment = readComment(patch.comment);
    if (!comment.ok) return { ok: false, refusal: comment.code };
    changes.comment = comment.value;
  }
  return { ok: true, changes };
}

/** Stores a checked final score entry in the local database as the enrolment's result (the worker pushes it). */
export async function storeFinalScoreEntry(
  database: SchoolDatabase,
  target: FinalScoreTarget,
  changes: ScoreChanges,
): Promise<void> {
  await writeAchievement(
    database,
    {
      ...enrolmentFields(target),
      id: resultId(target.subjectStudentId),
      kind: AchievementDocKind.result,
      scoreNameId: '',
      fullScore: null,
    },
    changes,
  );
}

/** Sets a student's final score by hand in the local database: `checkFinalScoreEntry`, then the write. */
export async function enterFinalScore(
  database: SchoolDatabase,
  actor: { id: string; role: AccountRole },
  target: FinalScoreTarget,
  patch: ScorePatch,
): Promise<ScoreRefusal | null> {
  const checked = checkFinalScoreEntry(actor, target, patch);
  if (!checked.ok) return checked.refusal;
  await storeFinalScoreEntry(database, target, checked.changes);
  return null;
}
