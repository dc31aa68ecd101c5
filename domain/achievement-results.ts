import { evaluateFormula, formulaNames, parseFormula, roundFormulaResult } from './formula';
import { computeGpa } from './gpa';
import { type HighlightCompare, type HighlightCondition, HighlightType, isHighlighted } from './highlights';
import { nameKey } from './names';
import { roundTo } from './numbers';

/** A score name as the achievement rules read it (SPEC §3 `score_name`). */
export interface ResultScoreName {
  id: string;
  name: string;
  fullScore: number;
  optionPlus: boolean;
  parentId: string | null;
}

/** What one student's scores add up to in a subject: GPA (0–4) and the final score of the subject's formula. */
export interface StudentResult {
  gpa: number | null;
  finalScore: number | null;
}

/**
 * The rules of one subject prepared once for many students: the formula parsed and the name each score
 * name is read by, in the order that lets a top-level name win over a sub-score of the same name (names
 * are unique only among siblings). A grid of 50 students then parses its formula once, not 50 times.
 */
export function prepareStudentResults(
  formula: string | null,
  scoreNames: readonly ResultScoreName[],
): (points: ReadonlyMap<string, number | null>) => StudentResult {
  const parsed = formula === null || formula.trim() === '' ? null : parseFormula(formula);
  // Only the names the formula reads are handed to it; a name it reads that no score has stays absent, so
  // the evaluation still answers `formula_unknown_name` (no final score).
  const used = new Set(parsed?.ok ? formulaNames(parsed.value).map(nameKey) : []);
  const reads: [key: string, scoreNameId: string][] = [];
  const seen = new Set<string>();
  for (const scoreName of [
    ...scoreNames.filter((row) => row.parentId === null),
    ...scoreNames.filter((row) => row.parentId !== null),
  ]) {
    const key = nameKey(scoreName.name);
    if (seen.has(key) || !used.has(key)) continue;
    seen.add(key);
    reads.push([key, scoreName.id]);
  }
  return (points) => {
    const gpa = computeGpa(
      scoreNames.map((scoreName) => ({
        points: points.get(scoreName.id) ?? null,
        full_score: scoreName.fullScore,
        option_plus: scoreName.optionPlus,
        parent_id: scoreName.parentId,
      })),
    );
    if (!parsed?.ok) return { gpa, finalScore: null };
    const values = new Map(reads.map(([key, id]) => [key, points.get(id) ?? null]));
    const result = evaluateFormula(parsed.value, values);
    return { gpa, finalScore: result.ok ? roundFormulaResult(result.value) : null };
  };
}

/**
 * The final score of `formula` over a student's points, rounded to two decimals; null while a score it
 * reads is not entered, when the subject has no formula, or when the formula cannot be evaluated (an unknown
 * name after a score name was renamed): the grid then shows no final score rather than a wrong one.
 */
export function finalScoreOf(
  formula: string | null,
  scoreNames: readonly ResultScoreName[],
  points: ReadonlyMap<string, number | null>,
): number | null {
  return prepareStudentResults(formula, scoreNames)(points).finalScore;
}

/**
 * The top of a subject's final score: what its formula gives when every score it reads is at its full
 * score. A final score set by hand must lie within 0 and this (SPEC §5 "score must not exceed full score",
 * applied to the formula's scale). Null when the subject has no formula or it cannot be evaluated: there is
 * then no scale, and no final score may be set by hand.
 */
export function finalScoreTop(formula: string | null, scoreNames: readonly ResultScoreName[]): number | null {
  return finalScoreOf(formula, scoreNames, new Map(scoreNames.map((row) => [row.id, row.fullScore])));
}

/** The final score shown for a student: the one set by hand when there is one, else the formula's. */
export function shownFinalScore(setByHand: number | null, computed: number | null): number | null {
  return setByHand ?? computed;
}

/** GPA and final score of one student, from their points by score name id (absent: not entered). */
export function studentResult(
  formula: string | null,
  scoreNames: readonly ResultScoreName[],
  points: ReadonlyMap<string, number | null>,
): StudentResult {
  return prepareStudentResults(formula, scoreNames)(points);
}

/**
 * The points of a score made of sub-scores: the sum of the sub-scores entered, rounded to two decimals; null
 * while none is entered. A score with sub-scores takes its points from them (the sub-score entry page writes
 * both), so GPA and formulas that read the parent see the parts' total.
 */
export function sumOfSubScores(points: readonly (number | null)[]): number | null {
  const entered = points.filter((value): value is number => value !== null);
  if (entered.length === 0) return null;
  return roundTo(entered.reduce((sum, value) => sum + value, 0));
}

/** A highlight rule as the achievement screens read it. */
export interface ResultHighlight {
  type: number;
  conditionType: HighlightCondition;
  compareType: HighlightCompare;
  value: number;
  hidden: boolean;
  messageToStudent: string | null;
}

/**
 * The achievement highlights (total-score highlights) a student's GPA meets: visible rules of the
 * achievement type only. A student with no GPA yet meets none (`isHighlighted`).
 */
export function achievementHighlightsMet<Rule extends ResultHighlight>(
  rules: readonly Rule[],
  gpa: number | null,
): Rule[] {
  return rules.filter(
    (rule) =>
      rule.type === HighlightType.achievement &&
      !rule.hidden &&
      isHighlighted(
        { condition_type: rule.conditionType, compare_type: rule.compareType, value: rule.value },
        { attendance: null, gpa },
      ),
  );
}

/** A score name with its place among its siblings. */
export interface OrderedScoreName {
  id: string;
  name: string;
  parentId: string | null;
  position: number;
}

const bySiblingOrder = (a: OrderedScoreName, b: OrderedScoreName) =>
  a.position - b.position || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.id < b.id ? -1 : 1);

/**
 * Score names in the order the grid shows them: top-level names by position (then name), each followed by
 * its sub-scores in theirs. Sub-scores whose parent is missing keep their place at the end.
 */
export function orderScoreNames<Row extends OrderedScoreName>(rows: readonly Row[]): Row[] {
  const top = rows.filter((row) => row.parentId === null).sort(bySiblingOrder);
  const ordered: Row[] = [];
  for (const parent of top) {
    ordered.push(parent, ...rows.filter((row) => row.parentId === parent.id).sort(bySiblingOrder));
  }
  const placed = new Set(ordered);
  return [...ordered, ...rows.filter((row) => !placed.has(row)).sort(bySiblingOrder)];
}
