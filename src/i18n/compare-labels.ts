import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { HighlightCompare } from '../../domain/highlights';

/** The comparisons of SPEC §9 (highlights, and the student search's count, score and GPA conditions). */
export const COMPARE_LABELS: Record<HighlightCompare, MessageDescriptor> = {
  [HighlightCompare.below]: msg`At most`,
  [HighlightCompare.moreThan]: msg`More than`,
  [HighlightCompare.equal]: msg`Equal to`,
  [HighlightCompare.lessThan]: msg`Less than`,
  [HighlightCompare.above]: msg`At least`,
};
