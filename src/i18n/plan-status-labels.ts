import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LessonPlanStatus } from '../../domain/lessons';

/** The words of a lesson plan status (SPEC §3: not entered, temporary save, registered). */
export const PLAN_STATUS_LABELS: Record<LessonPlanStatus, MessageDescriptor> = {
  [LessonPlanStatus.notEntered]: msg`Not entered`,
  [LessonPlanStatus.temporarySave]: msg`Temporary save`,
  [LessonPlanStatus.registered]: msg`Registered`,
};
