import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { RequestOption } from '../../../domain/requests';

/**
 * The seven options of the request form (SPEC §3), in their order: what a request asks for. Shared, since
 * the requests screens and the bell's notifications (which name a request's kind) both word them.
 */
export const OPTION_LABELS: Record<RequestOption, MessageDescriptor> = {
  [RequestOption.late]: msg`Late (notice)`,
  [RequestOption.absent]: msg`Absent (notice)`,
  [RequestOption.presentConfirm]: msg`Confirm: I was present`,
  [RequestOption.lateConfirm]: msg`Confirm: I was late`,
  [RequestOption.absentConfirm]: msg`Confirm: I was absent`,
  [RequestOption.achievementConfirm]: msg`Confirm a score`,
  [RequestOption.other]: msg`Other`,
};
