import { type AttendanceCounts, type AttendanceStatus, countAttendance } from './attendance';
import {
  type HighlightCompare,
  type HighlightCondition,
  HighlightType,
  highlightCompareSchema,
  highlightConditionSchema,
  isHighlighted,
} from './highlights';

/** A highlight rule as stored (the subject's `highlights`), the fields the attendance test reads. */
export interface StoredHighlightRule {
  type: number | null;
  conditionType: number | null;
  compareType: number | null;
  value: number | null;
  hidden: boolean | null;
}

/**
 * Whether a student's attendance so far (one status per held schedule, null where not entered) meets a shown
 * attendance highlight of the subject (SPEC §9). The attendance sheet and the students-highlight call both
 * decide it here.
 */
export function isAttendanceHighlighted(
  rules: readonly StoredHighlightRule[],
  statuses: readonly (AttendanceStatus | null)[],
): boolean {
  return attendanceHighlightsMet(rules, countAttendance(statuses)) > 0;
}

/**
 * How many shown attendance highlights of a subject a student's tallies meet: the same test as
 * `isAttendanceHighlighted`, from counts already made (the attendance report tallies in SQL).
 */
export function attendanceHighlightsMet(
  rules: readonly StoredHighlightRule[],
  attendance: AttendanceCounts,
): number {
  const facts = { attendance, gpa: null };
  return rules.filter((rule) => {
    if (rule.type !== HighlightType.attendance || rule.hidden === true || rule.value === null) return false;
    const condition = highlightConditionSchema.safeParse(rule.conditionType);
    const compare = highlightCompareSchema.safeParse(rule.compareType);
    if (!condition.success || !compare.success) return false;
    return isHighlighted(
      {
        condition_type: condition.data as HighlightCondition,
        compare_type: compare.data as HighlightCompare,
        value: rule.value,
      },
      facts,
    );
  }).length;
}
