import {
  achievementHighlightsMet,
  prepareStudentResults,
  shownFinalScore,
  sumOfSubScores,
} from '../../../domain/achievement-results';
import { ErrorCode, FieldError } from '../../../domain/errors';
import { mayEditClassWork } from '../../../domain/permissions';
import { Role } from '../../../domain/roles';
import type {
  AchievementPerStudent,
  ClassAchievementResponse,
  ScoreName,
  StudentExam,
  SubScoresResponse,
} from '../../../domain/schemas/achievement';
import type { StudentRef } from '../../../domain/schemas/common';
import type { SyncRejectReason } from '../../../domain/sync';
import { type AchievementDoc, AchievementDocKind } from '../../../domain/sync-docs';
import { achievementId } from '../../../domain/sync-ids';
import { scoreWithinFull } from '../../../domain/validation';
import { ValidationCode } from '../../../domain/validation-codes';
import type { Actor } from '../../access/actor';
import { requireSubjectVisible } from '../../access/subjects';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../deps';
import { forbidden, HttpError, notFound, validationFailed } from '../../http-error';
import { pushAsCall } from '../../sync/push-call';
import { achievementsCollection, readAchievementDocs } from './collection';
import {
  type ClassContext,
  type Enrolment,
  readClassContext,
  readClassEnrolments,
  readEnrolments,
  readHighlights,
  readResults,
  readScoreNames,
  readScores,
  readSubject,
  readSubjectEnrolments,
  readSubjectScoreNames,
  type ScoreRow,
  type SubjectScoreName,
} from './queries';

/** One score to write: the enrolment, the score name, the points (null: not entered) and the comment. */
export interface ScoreWrite {
  subjectStudentId: string;
  scoreNameId: string;
  points: number | null;
  /** The comment to store; absent keeps the score's current comment (an import carries points only). */
  comment?: string | null;
  /** Where the entry sits in the request body (`achievements.3`), so a refusal names its field. */
  field: string;
}

/** A score name as the calls answer it (SPEC §3 `score_name`). */
export function toScoreName(scoreName: SubjectScoreName): ScoreName {
  return {
    id: scoreName.id,
    name: scoreName.name,
    full_score: scoreName.fullScore,
    option_plus: scoreName.optionPlus,
    parent_id: scoreName.parentId,
  };
}

/** The HTTP answer of a row the all-or-nothing push refused. */
function refusal(reason: SyncRejectReason, field: string | undefined): HttpError {
  if (reason === 'forbidden') return forbidden();
  if (reason === 'invalid') return validationFailed({ [field ?? 'achievements']: [FieldError.invalid] });
  return new HttpError(409, { message: 'Conflict', code: ErrorCode.conflict });
}

/**
 * Writes scores through the achievements sync push (ARCHITECTURE §3: one rule, one place), all or nothing:
 * the score names and enrolments must exist and belong to one subject, every point must fit its full score
 * (SPEC §5, `score_above_full`), and the push then checks the user's right to each student's class
 * (SPEC §6), merges with the server's row, keeps the history and tells the audience.
 */
export async function writeScores(
  deps: AppDeps,
  actor: Actor,
  writes: readonly ScoreWrite[],
  offline: boolean,
): Promise<void> {
  const scoreNames = new Map(
    (await readScoreNames(deps.db, [...new Set(writes.map((write) => write.scoreNameId))])).map((row) => [
      row.id,
      row,
    ]),
  );
  const enrolments = new Map(
    (await readEnrolments(deps.db, [...new Set(writes.map((write) => write.subjectStudentId))])).map(
      (row) => [row.subjectStudentId, row],
    ),
  );
  const errors: Record<string, string[]> = {};
  for (const write of writes) {
    const scoreName = scoreNames.get(write.scoreNameId);
    const enrolment = enrolments.get(write.subjectStudentId);
    if (!scoreName) errors[`${write.field}.scoreNameId`] = [FieldError.invalid];
    if (!enrolment || (scoreName && enrolment.subjectId !== scoreName.subjectId)) {
      errors[`${write.field}.subjectStudentId`] = [FieldError.invalid];
    }
    if (scoreName && !scoreWithinFull(write.points, scoreName.fullScore)) {
      errors[`${write.field}.point`] = [ValidationCode.scoreAboveFull];
    }
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  const ids = writes.map((write) => achievementId(write.subjectStudentId, write.scoreNameId));
  const current = new Map((await readAchievementDocs(deps.db, ids)).map((doc) => [doc.id, doc]));
  const fieldOf = new Map(writes.map((write, index) => [ids[index], write.field]));
  const rows = writes.flatMap((write, index) => {
    const id = ids[index];
    const scoreName = scoreNames.get(write.scoreNameId);
    const enrolment = enrolments.get(write.subjectStudentId);
    if (id === undefined || !scoreName || !enrolment) return [];
    const base = current.get(id) ?? null;
    const next: AchievementDoc = {
      id,
      kind: AchievementDocKind.score,
      subjectId: scoreName.subjectId,
      universityId: enrolment.universityId,
      subjectStudentId: enrolment.subjectStudentId,
      studentId: enrolment.studentId,
      scoreNameId: scoreName.id,
      fullScore: scoreName.fullScore,
      scheduleId: base?.scheduleId ?? null,
      points: write.points,
      finalScore: null,
      comment: write.comment === undefined ? (base?.comment ?? null) : write.comment,
      updatedAt: base?.updatedAt ?? 0,
      _deleted: false,
    };
    return [{ newDocumentState: next, assumedMasterState: base }];
  });
  await pushAsCall(deps, achievementsCollection, actor, rows, offline, {
    atomic: true,
    refusal: (conflict) => refusal(conflict.reason, fieldOf.get(conflict.document.id)),
  });
}

/** A class the user may work on (SPEC §6: admins every class, teachers their own), or 404/403. */
export async function classForUser(db: Executor, actor: Actor, classId: string): Promise<ClassContext> {
  const context = await readClassContext(db, classId);
  if (!context) throw notFound();
  if (!mayEditClassWork(actor, context.teacherIds)) throw forbidden();
  return context;
}

/**
 * The rows of the achievement table of some enrolments: every score, GPA, the final score (set by hand, else
 * the formula's) and the subject comment.
 */
export async function achievementRows(
  db: Executor,
  formula: string | null,
  scoreNames: readonly SubjectScoreName[],
  students: readonly Enrolment[],
): Promise<AchievementPerStudent[]> {
  const ids = students.map((student) => student.subjectStudentId);
  const scores = await readScores(db, ids);
  const stored = await readResults(db, ids);
  const byName = new Map(scoreNames.map((scoreName) => [scoreName.id, scoreName]));
  const byStudent = new Map<string, ScoreRow[]>();
  for (const score of scores) {
    byStudent.set(score.subject_student_id, [...(byStudent.get(score.subject_student_id) ?? []), score]);
  }
  const apiScoreNames = scoreNames.map(toScoreName);
  const resultOf = prepareStudentResults(formula, scoreNames);
  return students.map((student) => {
    const own = (byStudent.get(student.subjectStudentId) ?? []).filter((score) =>
      byName.has(score.score_name_id),
    );
    const points = new Map(own.map((score) => [score.score_name_id, score.points]));
    const result = resultOf(points);
    const saved = stored.get(student.subjectStudentId);
    return {
      id: student.studentId,
      identity: student.identity,
      name: student.name,
      subject_student_id: student.subjectStudentId,
      achievements: own.flatMap((score) => {
        const scoreName = byName.get(score.score_name_id);
        return scoreName ? [entryOf(score, scoreName)] : [];
      }),
      score_names: apiScoreNames,
      gpa: result.gpa,
      final_score: shownFinalScore(saved?.finalScore ?? null, result.finalScore),
      comment: saved?.comment ?? null,
      formula,
    };
  });
}

/** A stored score as the calls answer it (SPEC §3 `achievements[]`). */
export function entryOf(score: ScoreRow, scoreName: SubjectScoreName) {
  return {
    id: score.id,
    subject_student_id: score.subject_student_id,
    student_id: score.student_id,
    schedule_id: score.schedule_id,
    points: score.points,
    comment: score.comment,
    score_name: toScoreName(scoreName),
  };
}

/** `GET /api/achievement/{subjectClassId}`: the class's score names and every student's scores. */
export async function readClassAchievement(
  db: Executor,
  actor: Actor,
  classId: string,
): Promise<ClassAchievementResponse> {
  const context = await classForUser(db, actor, classId);
  const scoreNames = await readSubjectScoreNames(db, context.subjectId);
  const students = await readClassEnrolments(db, classId);
  return {
    scoreNames: scoreNames.map(toScoreName),
    students: await achievementRows(db, context.formula, scoreNames, students),
  };
}

/** `GET /api/achievement/scoreNames/{subjectClassId}`. */
export async function readClassScoreNames(db: Executor, actor: Actor, classId: string) {
  const context = await classForUser(db, actor, classId);
  return { scoreNames: (await readSubjectScoreNames(db, context.subjectId)).map(toScoreName) };
}

async function scoreNameOfSubject(db: Executor, subjectId: string, scoreNameId: string) {
  const [scoreName] = await readScoreNames(db, [scoreNameId]);
  if (!scoreName || scoreName.subjectId !== subjectId) throw notFound();
  return scoreName;
}

/** `GET /api/achievement/{subjectClassId}/sub-scores-achievements/{scoreNameId}`. */
export async function readSubScores(
  db: Executor,
  actor: Actor,
  classId: string,
  scoreNameId: string,
): Promise<SubScoresResponse> {
  const context = await classForUser(db, actor, classId);
  const scoreName = await scoreNameOfSubject(db, context.subjectId, scoreNameId);
  const scoreNames = await readSubjectScoreNames(db, context.subjectId);
  const subScores = scoreNames.filter((row) => row.parentId === scoreName.id);
  const students = await readClassEnrolments(db, classId);
  return {
    scoreName: toScoreName(scoreName),
    subScores: subScores.map(toScoreName),
    students: await achievementRows(db, context.formula, scoreNames, students),
  };
}

/** Entries of a class must be students of that class. */
function requireInClass(
  students: readonly Enrolment[],
  entries: readonly { subjectStudentId: string }[],
): void {
  const inClass = new Set(students.map((student) => student.subjectStudentId));
  const errors: Record<string, string[]> = {};
  entries.forEach((entry, index) => {
    if (!inClass.has(entry.subjectStudentId)) {
      errors[`achievements.${index}.subjectStudentId`] = [FieldError.invalid];
    }
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/** An entry of a score body (SPEC §7 "entries with subjectStudentId, point, comment"). */
export interface ScoreEntryInput {
  subjectStudentId: string;
  point: number | null;
  comment: string | null;
}

/** The write of the `index`-th entry of a call's `achievements` list, under the score name it is for. */
function scoreWriteOf(entry: ScoreEntryInput, scoreNameId: string, index: number): ScoreWrite {
  return {
    subjectStudentId: entry.subjectStudentId,
    scoreNameId,
    points: entry.point,
    comment: entry.comment,
    field: `achievements.${index}`,
  };
}

/** `POST /api/achievement/{scoreNameId}/{subjectClassId}`: one score name's scores for a class. */
export async function enterClassScores(
  deps: AppDeps,
  actor: Actor,
  scoreNameId: string,
  classId: string,
  entries: readonly ScoreEntryInput[],
  offline: boolean,
): Promise<ClassAchievementResponse> {
  const context = await classForUser(deps.db, actor, classId);
  await scoreNameOfSubject(deps.db, context.subjectId, scoreNameId);
  requireInClass(await readClassEnrolments(deps.db, classId), entries);
  await writeScores(
    deps,
    actor,
    entries.map((entry, index) => scoreWriteOf(entry, scoreNameId, index)),
    offline,
  );
  return readClassAchievement(deps.db, actor, classId);
}

/** An entry of a named score (sub-scores, exam scores). */
export interface NamedScoreEntryInput extends ScoreEntryInput {
  scoreNameId: string;
}

/**
 * The writes of sub-score entries plus, for each student touched, the parent score set to the sum of their
 * sub-scores after the change (`sumOfSubScores`); a sum above the parent's full score is refused on the
 * entry that made it so.
 */
async function withParentSums(
  db: Executor,
  parent: SubjectScoreName,
  subScores: readonly SubjectScoreName[],
  entries: readonly NamedScoreEntryInput[],
): Promise<ScoreWrite[]> {
  const subIds = new Set(subScores.map((row) => row.id));
  const errors: Record<string, string[]> = {};
  entries.forEach((entry, index) => {
    if (!subIds.has(entry.scoreNameId)) errors[`achievements.${index}.scoreNameId`] = [FieldError.invalid];
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const studentIds = [...new Set(entries.map((entry) => entry.subjectStudentId))];
  const scores = await readScores(db, studentIds);
  const writes: ScoreWrite[] = entries.map((entry, index) => scoreWriteOf(entry, entry.scoreNameId, index));
  for (const studentId of studentIds) {
    const points = new Map(
      scores
        .filter((score) => score.subject_student_id === studentId && subIds.has(score.score_name_id))
        .map((score) => [score.score_name_id, score.points]),
    );
    let lastIndex = 0;
    entries.forEach((entry, index) => {
      if (entry.subjectStudentId !== studentId) return;
      points.set(entry.scoreNameId, entry.point);
      lastIndex = index;
    });
    const sum = sumOfSubScores([...points.values()]);
    if (!scoreWithinFull(sum, parent.fullScore)) {
      errors[`achievements.${lastIndex}.point`] = [ValidationCode.scoreAboveFull];
      continue;
    }
    writes.push({
      subjectStudentId: studentId,
      scoreNameId: parent.id,
      points: sum,
      field: `achievements.${lastIndex}`,
    });
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return writes;
}

/** `POST /api/achievement/enter-sub-scores/{subjectClassId}`: sub-scores of one score for a class. */
export async function enterSubScores(
  deps: AppDeps,
  actor: Actor,
  classId: string,
  parentId: string,
  entries: readonly NamedScoreEntryInput[],
  offline: boolean,
): Promise<ClassAchievementResponse> {
  const context = await classForUser(deps.db, actor, classId);
  const parent = await scoreNameOfSubject(deps.db, context.subjectId, parentId);
  requireInClass(await readClassEnrolments(deps.db, classId), entries);
  const subScores = (await readSubjectScoreNames(deps.db, context.subjectId)).filter(
    (row) => row.parentId === parent.id,
  );
  await writeScores(deps, actor, await withParentSums(deps.db, parent, subScores, entries), offline);
  return readClassAchievement(deps.db, actor, classId);
}

/**
 * `POST /api/achievement/updateScore/{scoreNameId}`: one score name's scores for students of any class of
 * its subject (a subject-wide list); the push checks each student's class against the user.
 */
export async function updateScores(
  deps: AppDeps,
  actor: Actor,
  scoreNameId: string,
  entries: readonly ScoreEntryInput[],
  offline: boolean,
): Promise<void> {
  const [scoreName] = await readScoreNames(deps.db, [scoreNameId]);
  if (!scoreName) throw notFound();
  await writeScores(
    deps,
    actor,
    entries.map((entry, index) => scoreWriteOf(entry, scoreNameId, index)),
    offline,
  );
}

/** The enrolments of a subject the user may work on: all for admins, their classes' for teachers. */
async function subjectStudentsForUser(db: Executor, actor: Actor, subjectId: string) {
  const students = await readSubjectEnrolments(db, subjectId);
  return students.filter((student) => mayEditClassWork(actor, student.teacherIds));
}

/** `GET /api/student-exam/subjects/{id}/score-names/{scoreNameId}`: one exam score and its parts. */
export async function readStudentExam(
  db: Executor,
  actor: Actor,
  subjectId: string,
  scoreNameId: string,
): Promise<StudentExam> {
  const subject = await readSubject(db, subjectId);
  if (!subject) throw notFound();
  const scoreName = await scoreNameOfSubject(db, subjectId, scoreNameId);
  const all = await readSubjectScoreNames(db, subjectId);
  const shown = [scoreName, ...all.filter((row) => row.parentId === scoreName.id)];
  const shownIds = new Set(shown.map((row) => row.id));
  const students = await subjectStudentsForUser(db, actor, subjectId);
  if (actor.role === Role.teacher && students.length === 0) throw forbidden();
  const rows = await achievementRows(db, subject.formula, all, students);
  return {
    scoreNames: shown.map(toScoreName),
    students: rows.map((row) => ({
      id: row.id,
      identity: row.identity,
      name: row.name,
      subject_student_id: row.subject_student_id,
      achievements: row.achievements.filter((entry) => shownIds.has(entry.score_name.id)),
    })),
  };
}

/** `POST /api/student-exam/subjects/{id}/score-names/{scoreNameId}`: exam scores (and sub-scores). */
export async function enterStudentExam(
  deps: AppDeps,
  actor: Actor,
  subjectId: string,
  scoreNameId: string,
  entries: readonly NamedScoreEntryInput[],
  offline: boolean,
): Promise<StudentExam> {
  const scoreName = await scoreNameOfSubject(deps.db, subjectId, scoreNameId);
  const subScores = (await readSubjectScoreNames(deps.db, subjectId)).filter(
    (row) => row.parentId === scoreName.id,
  );
  const direct = entries.filter((entry) => entry.scoreNameId === scoreName.id);
  const parts = entries.filter((entry) => entry.scoreNameId !== scoreName.id);
  // Exam scores with parts take their points from the parts; without parts they are entered directly.
  if (subScores.length > 0 && direct.length > 0) {
    throw validationFailed({ 'achievements.0.scoreNameId': [FieldError.invalid] });
  }
  const writes =
    subScores.length > 0
      ? await withParentSums(deps.db, scoreName, subScores, parts)
      : direct.map((entry, index) => scoreWriteOf(entry, scoreNameId, index));
  if (subScores.length === 0 && parts.length > 0) {
    throw validationFailed({ 'achievements.0.scoreNameId': [FieldError.invalid] });
  }
  await writeScores(deps, actor, writes, offline);
  return readStudentExam(deps.db, actor, subjectId, scoreNameId);
}

/**
 * `GET /api/achievement/teacher-allow-update-final-score/{id}`: admins always; teachers per the subject, for
 * whoever sees the subject (404 otherwise, as every subject read: the matrix found it answering any id).
 */
export async function finalScoreAllowed(db: Executor, actor: Actor, subjectId: string) {
  await requireSubjectVisible(db, actor, subjectId);
  const subject = await readSubject(db, subjectId);
  if (!subject) throw notFound();
  return { allowed: actor.role === Role.admin || subject.teacherAllowUpdateFinalScore };
}

/**
 * `GET /api/achievement/students-total-score-highlight/{subjectId}/{subjectClassId}`: the class's students
 * whose GPA meets one of the subject's visible achievement highlights.
 */
export async function readTotalScoreHighlights(
  db: Executor,
  actor: Actor,
  subjectId: string,
  classId: string,
): Promise<{ students: StudentRef[] }> {
  const context = await classForUser(db, actor, classId);
  if (context.subjectId !== subjectId) throw notFound();
  const rules = await readHighlights(db, subjectId);
  const scoreNames = await readSubjectScoreNames(db, subjectId);
  const rows = await achievementRows(db, context.formula, scoreNames, await readClassEnrolments(db, classId));
  return {
    students: rows
      .filter((row) => achievementHighlightsMet(rules, row.gpa).length > 0)
      .map((row) => ({ id: row.id, identity: row.identity, name: row.name })),
  };
}
