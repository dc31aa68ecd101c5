import { REQUEST_DECISION_SEGMENT, type RequestType } from '../../../domain/requests';
import type { RequestDecision } from '../../../domain/schemas/requests';
import { type CallResult, type CallValue, callApi } from '../../api/call-api';

type Decided = CallResult<CallValue<'POST /api/requests/:requestId/other'>>;

/**
 * The decision call of a request's type (SPEC §7: `/attendance`, `/confirmAttendance`, `/achievement-confirm`,
 * `/other`): accept, reject or the student's cancel. It needs the server now, so two deciders learn at once
 * which of them won (the other is answered `conflict`); the change then reaches every device through the
 * `requests` pull.
 */
export function decideRequest(
  requestId: string,
  type: RequestType,
  decision: Partial<RequestDecision> & Pick<RequestDecision, 'status'>,
): Promise<Decided> {
  const input = { params: { requestId }, body: decision };
  switch (REQUEST_DECISION_SEGMENT[type]) {
    case 'attendance':
      return callApi('POST /api/requests/:requestId/attendance', input);
    case 'confirmAttendance':
      return callApi('POST /api/requests/:requestId/confirmAttendance', input);
    case 'achievement-confirm':
      return callApi('POST /api/requests/:requestId/achievement-confirm', input);
    default:
      return callApi('POST /api/requests/:requestId/other', input);
  }
}

/** `GET /api/requests/{id}`: a request not on this device yet (an admin following a link). */
export function fetchRequest(requestId: string) {
  return callApi('GET /api/requests/:requestId', { params: { requestId } });
}
