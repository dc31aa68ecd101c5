import { z } from 'zod';
import type { AttendanceCounts } from './attendance';
import { codeSchema } from './codes';
import { FieldError } from './errors';
import { GPA_MAX } from './gpa';
import { hasAtMostDecimals } from './numbers';
import { ValidationCode } from './validation-codes';

/** Which subject setting a highlight belongs to (sticky `subject.highlightAttendance` / `highlightAchievement`). */
export const HighlightType = { attendance: 0, achievement: 1 } as const;
export type HighlightType = (typeof HighlightType)[keyof typeof HighlightType];
/** Zod schema of a highlight type. */
export const highlightTypeSchema = codeSchema(HighlightType);

/**
 * Highlight condition kinds of SPEC §9, numbered in the SPEC's order: the four attendance tallies, then the
 * achievement GPA. The names of the attendance ones are the keys of `AttendanceCounts`.
 */
export const HighlightCondition = {
  missing: 0,
  attendance: 1,
  late: 2,
  unexplainedAbsence: 3,
  gpa: 4,
} as const;
export type HighlightCondition = (typeof HighlightCondition)[keyof typeof HighlightCondition];
/** Zod schema of a highlight condition kind. */
export const highlightConditionSchema = codeSchema(HighlightCondition);

/**
 * Comparison kinds of SPEC §9, numbered in the SPEC's order. The SPEC's five English words translate the
 * Japanese 以下 / 超 / 等しい / 未満 / 以上, so each has a distinct meaning ("value" is the student's number,
 * "threshold" the highlight's):
 * - below: value ≤ threshold (以下, "at or below")
 * - moreThan: value > threshold (超, strictly more)
 * - equal: value = threshold
 * - lessThan: value < threshold (未満, strictly less)
 * - above: value ≥ threshold (以上, "at or above")
 */
export const HighlightCompare = { below: 0, moreThan: 1, equal: 2, lessThan: 3, above: 4 } as const;
export type HighlightCompare = (typeof HighlightCompare)[keyof typeof HighlightCompare];
/** Zod schema of a comparison kind. */
export const highlightCompareSchema = codeSchema(HighlightCompare);

const ATTENDANCE_CONDITIONS: readonly HighlightCondition[] = [
  HighlightCondition.missing,
  HighlightCondition.attendance,
  HighlightCondition.late,
  HighlightCondition.unexplainedAbsence,
];

/** Whether a condition kind belongs to a highlight type (GPA to achievement, the tallies to attendance). */
export function conditionFitsType(type: HighlightType, condition: HighlightCondition): boolean {
  return type === HighlightType.achievement
    ? condition === HighlightCondition.gpa
    : ATTENDANCE_CONDITIONS.includes(condition);
}

/**
 * A highlight rule (sticky `highlight {type, condition_type, compare_type, value}`). Attendance thresholds are
 * whole counts; a GPA threshold lies on the 0–4 scale with at most two decimals.
 */
export const highlightRuleSchema = z
  .object({
    type: highlightTypeSchema,
    condition_type: highlightConditionSchema,
    compare_type: highlightCompareSchema,
    value: z.number().min(0, ValidationCode.tooSmall),
  })
  .superRefine((rule, ctx) => {
    if (!conditionFitsType(rule.type, rule.condition_type)) {
      ctx.addIssue({ code: 'custom', path: ['condition_type'], message: FieldError.invalid });
      return;
    }
    if (rule.condition_type === HighlightCondition.gpa) {
      if (rule.value > GPA_MAX)
        ctx.addIssue({ code: 'custom', path: ['value'], message: ValidationCode.tooLarge });
      if (!hasAtMostDecimals(rule.value)) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: ValidationCode.tooManyDecimals });
      }
    } else if (!Number.isInteger(rule.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: ValidationCode.notInteger });
    }
  });
/** A validated highlight rule. */
export type HighlightRule = z.infer<typeof highlightRuleSchema>;

/** Applies a comparison kind to a student's value and a threshold. */
export function compareHighlightValue(compare: HighlightCompare, value: number, threshold: number): boolean {
  // GPAs carry two decimals; comparing whole hundredths keeps 2.3 = 2.30 true despite binary floats.
  const a = Math.round(value * 100);
  const b = Math.round(threshold * 100);
  switch (compare) {
    case HighlightCompare.below:
      return a <= b;
    case HighlightCompare.moreThan:
      return a > b;
    case HighlightCompare.equal:
      return a === b;
    case HighlightCompare.lessThan:
      return a < b;
    case HighlightCompare.above:
      return a >= b;
  }
}

/** What is known of one student in one subject: attendance tallies and GPA, each null when unknown. */
export interface HighlightFacts {
  attendance: AttendanceCounts | null;
  gpa: number | null;
}

/** The student's number a condition kind reads, or null when that fact is unknown. */
export function highlightValue(condition: HighlightCondition, facts: HighlightFacts): number | null {
  if (condition === HighlightCondition.gpa) return facts.gpa;
  if (facts.attendance === null) return null;
  switch (condition) {
    case HighlightCondition.missing:
      return facts.attendance.missing;
    case HighlightCondition.attendance:
      return facts.attendance.attendance;
    case HighlightCondition.late:
      return facts.attendance.late;
    case HighlightCondition.unexplainedAbsence:
      return facts.attendance.unexplainedAbsence;
  }
}

/**
 * Whether a student is highlighted by a rule. A student without the fact the rule reads (no GPA because no
 * score is entered yet) is not highlighted: "GPA below 2" must not flag a student nobody has graded.
 */
export function isHighlighted(
  rule: Pick<HighlightRule, 'condition_type' | 'compare_type' | 'value'>,
  facts: HighlightFacts,
): boolean {
  const value = highlightValue(rule.condition_type, facts);
  if (value === null) return false;
  return compareHighlightValue(rule.compare_type, value, rule.value);
}

/** How far from a GPA rule's threshold a student still counts as near it (the borderline list). */
export const GPA_BORDERLINE_MARGIN = 0.3;

/**
 * Whether a GPA puts a student near a GPA rule without meeting it: within `GPA_BORDERLINE_MARGIN` of the
 * threshold, not flagged. The highlight screen lists them so a teacher can act before the rule flags them
 * (SPEC names the borderline list, `list-score`, not its rule: this one is ours).
 */
export function nearGpaRule(
  rule: Pick<HighlightRule, 'compare_type' | 'value'>,
  gpa: number | null,
): boolean {
  if (gpa === null) return false;
  if (compareHighlightValue(rule.compare_type, gpa, rule.value)) return false;
  return Math.abs(Math.round(gpa * 100) - Math.round(rule.value * 100)) <= GPA_BORDERLINE_MARGIN * 100;
}
