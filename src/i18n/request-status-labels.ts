import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { RequestStatus } from '../../domain/request-status';

/**
 * What each request status is called, on every screen that names it (the requests list and detail, a
 * student's record): one word per status, so an accepted request reads "Approved" everywhere (issue 47).
 */
export const REQUEST_STATUS_LABELS: Record<RequestStatus, MessageDescriptor> = {
  [RequestStatus.requesting]: msg`Requesting`,
  [RequestStatus.accepted]: msg`Approved`,
  [RequestStatus.rejected]: msg`Rejected`,
  [RequestStatus.cancelled]: msg`Cancelled`,
};
