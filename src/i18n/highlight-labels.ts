import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { HighlightCondition, HighlightType } from '../../domain/highlights';

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
