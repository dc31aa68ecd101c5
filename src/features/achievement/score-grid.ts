import {
  achievementHighlightsMet,
  finalScoreTop,
  orderScoreNames,
  prepareStudentResults,
  type ResultHighlight,
  shownFinalScore,
} from '../../../domain/achievement-results';
import type { HighlightCompare, HighlightCondition } from '../../../domain/highlights';
import { byStudentNumber } from '../../../domain/names';
import { mayEditClassWork, mayUpdateFinalScore } from '../../../domain/permissions';
import type { AccountRole } from '../../../domain/roles';

/** A score name as the local `subjects` collection holds it (the fields the grid reads). */
export interface LocalScoreName {
  id: string;
  name: string | null;
  fullScore: number | null;
  optionPlus: boolean | null;
  parentId: string | null;
  position: number | null;
}

/** A highlight rule as the local `subjects` collection holds it. */
export interface LocalHighlight {
  highlightType: number | null;
  conditionType: number | null;
  compareType: number | null;
  value: number | null;
  hidden: boolean | null;
  messageToStudent: string | null;
}

/** The local rows a score grid is built from. */
export interface ScoreGridInput {
  actor: { id: string; role: AccountRole };
  subjectClass: { id: string; subjectId: string; universityId: string; teacherIds: readonly string[] };
  /** The subject's final-score formula (SPEC §3 `formula`) and whether teachers may set the final score. */
  formula: string | null;
  classStudents: readonly { studentId: string | null; subjectStudentId: string | null }[];
  students: ReadonlyMap<string, { name: string; identity: string | null }>;
  scoreNames: readonly LocalScoreName[];
  scores: readonly {
    id: string;
    subjectStudentId: string;
    scoreNameId: string;
    points: number | null;
    comment: string | null;
  }[];
  /** The enrolments' results: the final score set by hand (null: the formula's) and the subject comment. */
  results: readonly {
    id: string;
    subjectStudentId: string;
    finalScore: number | null;
    comment: string | null;
  }[];
  /** Whether the subject lets the class's teachers set final scores by hand (admins always may). */
  teacherAllowUpdateFinalScore: boolean;
  /** Outbox state by score or result id: waiting for the server, or refused / overridden by it. */
  outbox: ReadonlyMap<string, 'waiting' | 'refused'>;
  highlights: readonly LocalHighlight[];
  /** Only this score name and its sub-scores (the sub-score page); all score names when absent. */
  parentId?: string;
}

/** Where a cell's value stands between this device and the server. */
export type ScoreCellState = 'saved' | 'waiting' | 'refused' | 'empty';

/** A column of the grid: one score name. */
export interface ScoreColumn {
  id: string;
  name: string;
  fullScore: number;
  optionPlus: boolean;
  parentId: string | null;
  /** A score made of sub-scores: its points are their sum, entered on the sub-score page. */
  hasParts: boolean;
}

/** One cell: a student's score for one score name. */
export interface ScoreCell {
  /** Unique in the grid: the enrolment and the score name. */
  key: string;
  scoreNameId: string;
  points: number | null;
  comment: string | null;
  state: ScoreCellState;
}

/**
 * A student's final score as a cell: the one set by hand when there is one (`setByHand`), else the formula's
 * (`computed`), with the sync state of the student's result.
 */
export interface FinalScoreCell extends ScoreCell {
  setByHand: boolean;
  computed: number | null;
}

/** One row: a student with a cell per column, GPA, final score and the total-score highlights met. */
export interface ScoreRow {
  subjectStudentId: string;
  studentId: string;
  name: string;
  identity: string;
  cells: ScoreCell[];
  gpa: number | null;
  /** The final score shown: set by hand, else the formula's. */
  finalScore: number | null;
  finalCell: FinalScoreCell;
  /** Messages of the achievement highlights the student's GPA meets (empty: not highlighted). */
  highlights: string[];
  highlighted: boolean;
}

/** The score grid of one class as the screen shows it. */
export interface ScoreGrid {
  columns: ScoreColumn[];
  rows: ScoreRow[];
  /** Students (their ids) whose names have not reached the device yet: left out until then, as on the attendance sheet. */
  awaitingNames: string[];
  /** Whether the signed-in user may enter this class's scores (SPEC §6); otherwise read-only. */
  editable: boolean;
  /**
   * Whether the signed-in user may set final scores by hand (`mayUpdateFinalScore`), which also needs a
   * formula to give their top (`finalScoreTop`, null without one).
   */
  finalScoreEditable: boolean;
  finalScoreTop: number | null;
}

/** The score names of the local collection with every field the rules need (incomplete rows are skipped). */
export function completeScoreNames(rows: readonly LocalScoreName[]) {
  return rows.flatMap((row) =>
    row.name === null || row.fullScore === null
      ? []
      : [
          {
            id: row.id,
            name: row.name,
            fullScore: row.fullScore,
            optionPlus: row.optionPlus ?? false,
            parentId: row.parentId,
            position: row.position ?? 0,
          },
        ],
  );
}

/** The highlight rules of the local collection in the shape of the domain rules. */
export function completeHighlights(rows: readonly LocalHighlight[]): ResultHighlight[] {
  return rows.flatMap((row) =>
    row.highlightType === null || row.conditionType === null || row.compareType === null || row.value === null
      ? []
      : [
          {
            type: row.highlightType,
            conditionType: row.conditionType as HighlightCondition,
            compareType: row.compareType as HighlightCompare,
            value: row.value,
            hidden: row.hidden ?? false,
            messageToStudent: row.messageToStudent,
          },
        ],
  );
}

/**
 * Builds the grid: score names in their order (sub-scores after their parent), students by number, each
 * cell with its sync state, and GPA, final score and highlights recomputed from the cells as they are now.
 */
export function buildScoreGrid(input: ScoreGridInput): ScoreGrid {
  const scoreNames = orderScoreNames(completeScoreNames(input.scoreNames));
  const parents = new Set(scoreNames.flatMap((row) => (row.parentId ? [row.parentId] : [])));
  const shown =
    input.parentId === undefined
      ? scoreNames
      : scoreNames.filter((row) => row.parentId === input.parentId || row.id === input.parentId);
  const columns: ScoreColumn[] = shown.map((row) => ({
    id: row.id,
    name: row.name,
    fullScore: row.fullScore,
    optionPlus: row.optionPlus,
    parentId: row.parentId,
    hasParts: parents.has(row.id),
  }));
  const rules = completeHighlights(input.highlights);
  // Keyed by enrolment and score name rather than the hashed natural id: a 50 × 30 grid is rebuilt on every
  // keystroke that stores a score, and hashing 1,500 ids each time is most of that work.
  const cellKey = (subjectStudentId: string, scoreNameId: string) => `${subjectStudentId}|${scoreNameId}`;
  const byKey = new Map(input.scores.map((row) => [cellKey(row.subjectStudentId, row.scoreNameId), row]));
  const resultOf = prepareStudentResults(input.formula, scoreNames);
  const resultsOf = new Map(input.results.map((row) => [row.subjectStudentId, row]));
  const stateOf = (stored: { id: string } | undefined): ScoreCellState =>
    (stored && input.outbox.get(stored.id)) ?? (stored ? 'saved' : 'empty');
  const awaitingNames: string[] = [];
  const rows = input.classStudents.flatMap((classStudent): ScoreRow[] => {
    const { studentId, subjectStudentId } = classStudent;
    if (!studentId || !subjectStudentId) return [];
    const person = input.students.get(studentId);
    if (!person) {
      awaitingNames.push(studentId);
      return [];
    }
    const points = new Map<string, number | null>();
    for (const scoreName of scoreNames) {
      points.set(scoreName.id, byKey.get(cellKey(subjectStudentId, scoreName.id))?.points ?? null);
    }
    const cells = columns.map((column): ScoreCell => {
      const key = cellKey(subjectStudentId, column.id);
      const stored = byKey.get(key);
      return {
        key,
        scoreNameId: column.id,
        points: stored?.points ?? null,
        comment: stored?.comment ?? null,
        state: stateOf(stored),
      };
    });
    const result = resultOf(points);
    const stored = resultsOf.get(subjectStudentId);
    const setByHand = stored?.finalScore ?? null;
    const finalCell: FinalScoreCell = {
      key: cellKey(subjectStudentId, ''),
      scoreNameId: '',
      points: shownFinalScore(setByHand, result.finalScore),
      comment: stored?.comment ?? null,
      state: stateOf(stored),
      setByHand: setByHand !== null,
      computed: result.finalScore,
    };
    const met = achievementHighlightsMet(rules, result.gpa);
    return [
      {
        subjectStudentId,
        studentId,
        name: person.name,
        identity: person.identity ?? '',
        cells,
        gpa: result.gpa,
        finalScore: finalCell.points,
        finalCell,
        highlights: met.flatMap((rule) => (rule.messageToStudent ? [rule.messageToStudent] : [])),
        highlighted: met.length > 0,
      },
    ];
  });
  rows.sort(byStudentNumber);
  const top = finalScoreTop(input.formula, scoreNames);
  return {
    columns,
    rows,
    awaitingNames,
    editable: mayEditClassWork(input.actor, input.subjectClass.teacherIds),
    finalScoreEditable:
      top !== null &&
      mayUpdateFinalScore(input.actor, input.subjectClass.teacherIds, input.teacherAllowUpdateFinalScore),
    finalScoreTop: top,
  };
}
