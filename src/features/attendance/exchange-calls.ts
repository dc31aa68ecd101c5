import {
  type AttendanceSchedule,
  type ExchangeAttendanceRequest,
  exchangeAttendanceResponseSchema,
} from '../../../domain/schemas/attendance';
import { okResponseSchema } from '../../../domain/schemas/common';
import { apiRequest } from '../../sync/http';
import { type OnlineResult, onlineCall } from '../shared/online-call';

/** Which sittings of other classes to list for a class student. */
export type ExchangeDirection = 'candidates' | 'moved';

/**
 * `GET /api/exchange-attendance/{classStudentId}/{apply}`: the sittings of other classes of the subject the
 * student may attend instead (`candidates`, apply 1), or was moved to already (`moved`, apply 0). Online only.
 */
export function listExchangeSchedules(
  classStudentId: string,
  direction: ExchangeDirection,
): Promise<OnlineResult<AttendanceSchedule[]>> {
  const apply = direction === 'candidates' ? 1 : 0;
  return onlineCall(
    async () =>
      exchangeAttendanceResponseSchema.parse(
        await apiRequest('GET', `/api/exchange-attendance/${classStudentId}/${apply}`),
      ).schedules,
  );
}

/** `POST /api/exchange-attendance/{subjectId}`: moves the students' marks to the other class's sitting. */
export function applyExchange(
  subjectId: string,
  body: ExchangeAttendanceRequest,
): Promise<OnlineResult<true>> {
  return onlineCall(async () => {
    okResponseSchema.parse(await apiRequest('POST', `/api/exchange-attendance/${subjectId}`, body));
    return true as const;
  });
}
