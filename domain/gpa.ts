import { roundTo } from './numbers';

/** One entered (or not yet entered) score of a student with its score name's settings (SPEC §3). */
export interface GpaScore {
  points: number | null;
  full_score: number;
  option_plus: boolean;
  parent_id: string | null;
}

/** The top of the GPA scale. */
export const GPA_MAX = 4;

/**
 * A student's GPA on a 0–4 scale: the points earned over the full scores of the scores entered, times 4,
 * rounded to two decimals. Rules, since SPEC §3 names `gpa` without a formula:
 * - Only entered scores count (`points` not null); a score not yet entered neither helps nor hurts.
 * - Sub-scores (`parent_id` set) are parts of their parent score, so they are skipped to avoid counting the
 *   same marks twice.
 * - `option_plus` scores are bonuses: their points are added, their full score is not, and the total is
 *   capped at the regular full scores so a bonus lifts a student at most to 4.0.
 * - With no regular score entered (or only full scores of 0) there is nothing to grade: null.
 */
export function computeGpa(scores: readonly GpaScore[]): number | null {
  let earned = 0;
  let possible = 0;
  let bonus = 0;
  for (const score of scores) {
    if (score.points === null || score.parent_id !== null) continue;
    if (score.option_plus) {
      bonus += score.points;
      continue;
    }
    earned += score.points;
    possible += score.full_score;
  }
  if (possible <= 0) return null;
  const capped = Math.min(earned + bonus, possible);
  return roundTo((capped / possible) * GPA_MAX);
}
