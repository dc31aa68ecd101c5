import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { RequestStatus } from '../../../domain/request-status';
import { RequestType } from '../../../domain/requests';

/** What each status is called: the app's one table of request status words. */
export { REQUEST_STATUS_LABELS as STATUS_LABELS } from '../../i18n/request-status-labels';
// The options' words are shared with the bell's notifications, which name what a request asks for.
export { OPTION_LABELS } from '../shared/request-option-labels';

/** What each request type is called (the type filter). */
export const TYPE_LABELS: Record<RequestType, MessageDescriptor> = {
  [RequestType.attendance]: msg`Attendance`,
  [RequestType.attendanceConfirm]: msg`Attendance confirmation`,
  [RequestType.achievementConfirm]: msg`Score confirmation`,
  [RequestType.other]: msg`Other`,
};

/** Tailwind classes of a status badge. */
export const STATUS_TONES: Record<RequestStatus, string> = {
  [RequestStatus.requesting]: 'bg-amber-100 text-amber-900',
  [RequestStatus.accepted]: 'bg-green-100 text-green-900',
  [RequestStatus.rejected]: 'bg-red-100 text-red-900',
  [RequestStatus.cancelled]: 'bg-slate-100 text-slate-700',
};
