import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type HighlightCompare, HighlightCondition, HighlightType } from '../../domain/highlights';
import { COMPARE_LABELS } from './compare-labels';

/** The highlight types of a subject (SPEC §9): attendance or achievement. */
export const HIGHLIGHT_TYPE_LABELS: Record<HighlightType, MessageDescriptor> = {
  [HighlightType.attendance]: msg`Attendance`,
  [HighlightType.achievement]: msg`Achievement`,
};

/** The conditions of SPEC §9: the attendance tallies, and the GPA of achievement. */
export const HIGHLIGHT_CONDITION_LABELS: Record<HighlightCondition, MessageDescriptor> = {
  [HighlightCondition.missing]: msg`Not entered (missing)`,
  [HighlightCondition.attendance]: msg`Present`,
  [HighlightCondition.late]: msg`Late`,
  [HighlightCondition.unexplainedAbsence]: msg`Unexplained absence`,
  [HighlightCondition.gpa]: msg`GPA`,
};

/** A highlight's rule in words: "Unexplained absence More than 2". */
export function highlightRuleText(
  i18n: I18n,
  rule: { condition_type: HighlightCondition; compare_type: HighlightCompare; value: number },
): string {
  return `${i18n._(HIGHLIGHT_CONDITION_LABELS[rule.condition_type])} ${i18n._(COMPARE_LABELS[rule.compare_type])} ${rule.value}`;
}
