import type { AttendanceSchedule, ExchangeAttendanceRequest } from '../../../domain/schemas/attendance';
import { type CallResult, callApi } from '../../api/call-api';

/** Which sittings of other classes to list for a class student. */
export type ExchangeDirection = 'candidates' | 'moved';

/**
 * `GET /api/exchange-attendance/{classStudentId}/{apply}`: the sittings of other classes of the subject the
 * student may attend instead (`candidates`, apply 1), or was moved to already (`moved`, apply 0). Online only.
 */
export async function listExchangeSchedules(
  classStudentId: string,
  direction: ExchangeDirection,
): Promise<CallResult<AttendanceSchedule[]>> {
  const apply = direction === 'candidates' ? '1' : '0';
  const result = await callApi('GET /api/exchange-attendance/:id/:apply', {
    params: { id: classStudentId, apply },
  });
  return result.ok ? { ok: true, value: result.value.schedules } : result;
}

/** `POST /api/exchange-attendance/{subjectId}`: moves the students' marks to the other class's sitting. */
export async function applyExchange(
  subjectId: string,
  body: ExchangeAttendanceRequest,
): Promise<CallResult<true>> {
  const result = await callApi('POST /api/exchange-attendance/:subjectId', { params: { subjectId }, body });
  return result.ok ? { ok: true, value: true } : result;
}
