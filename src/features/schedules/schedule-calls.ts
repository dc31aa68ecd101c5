import { callPath } from '../../../domain/permissions';
import { CALL_SCHEMAS } from '../../../domain/schemas/calls';
import type {
  ScheduleFilter,
  Timesheet,
  UserScheduleFilterResponse,
} from '../../../domain/schemas/schedules';
import { type CallResult, callApi } from '../../api/call-api';
import { type OnlineView, useOnlineView } from '../../db/use-online-view';

/**
 * The caller's saved schedule filter and its choices (`GET /api/schedules/get-filter`): an online view, so the
 * last answer shows offline too, and a filter saved on one device comes back on another.
 */
export function useSavedScheduleFilter(): OnlineView<UserScheduleFilterResponse> {
  const key = 'GET /api/schedules/get-filter';
  return useOnlineView(callPath(key), () => callApi(key), CALL_SCHEMAS[key].response);
}

/** `POST /api/schedules/save-filter`. */
export function saveScheduleFilter(filter: ScheduleFilter): Promise<CallResult<ScheduleFilter>> {
  return callApi('POST /api/schedules/save-filter', { body: filter });
}

/** A teacher's timesheet for a year (`GET /api/teachers/{teacherId}/timesheet/{year}`), as an online view. */
export function useTimesheet(teacherId: string, year: number): OnlineView<Timesheet> {
  const key = 'GET /api/teachers/:teacherId/timesheet/:year';
  return useOnlineView(
    `/api/teachers/${teacherId}/timesheet/${year}`,
    () => callApi(key, { params: { teacherId, year } }),
    CALL_SCHEMAS[key].response,
  );
}
