import { addDays } from '../../../domain/dates';
import { callPath } from '../../../domain/permissions';
import { CALL_SCHEMAS } from '../../../domain/schemas/calls';
import type {
  ScheduleFilter,
  ScheduleListResponse,
  Timesheet,
  UserScheduleFilterResponse,
} from '../../../domain/schemas/schedules';
import { type CallResult, callApi } from '../../api/call-api';
import { type OnlineView, useOnlineView } from '../../db/use-online-view';
import { useCallView } from '../shared/use-call-view';

/**
 * The caller's saved schedule filter and its choices (`GET /api/schedules/get-filter`): an online view, so the
 * last answer shows offline too, and a filter saved on one device comes back on another.
 */
export function useSavedScheduleFilter(): OnlineView<UserScheduleFilterResponse> {
  return useCallView(callPath('GET /api/schedules/get-filter'), 'GET /api/schedules/get-filter');
}

/** `POST /api/schedules/save-filter`. */
export function saveScheduleFilter(filter: ScheduleFilter): Promise<CallResult<ScheduleFilter>> {
  return callApi('POST /api/schedules/save-filter', { body: filter });
}

/** A teacher's timesheet for a year (`GET /api/teachers/{teacherId}/timesheet/{year}`), as an online view. */
export function useTimesheet(teacherId: string, year: number): OnlineView<Timesheet> {
  return useCallView(
    `/api/teachers/${teacherId}/timesheet/${year}`,
    'GET /api/teachers/:teacherId/timesheet/:year',
    { params: { teacherId, year } },
  );
}

/** The weekly pieces (at most 7 days each, as the weekly call takes them) of a day range. */
export function weeksOf(range: { first: string; last: string }): { first: string; last: string }[] {
  const weeks: { first: string; last: string }[] = [];
  for (let first = range.first; first <= range.last; first = addDays(first, 7) ?? range.last) {
    const end = addDays(first, 6) ?? first;
    if (end >= range.last) {
      weeks.push({ first, last: range.last });
      break;
    }
    weeks.push({ first, last: end });
  }
  return weeks;
}

/**
 * Other teachers' sittings of a day range from the server (`GET /api/schedules/{first}/{last}/week/teacher`,
 * one call a week): a teacher's device holds only the subjects they work in, so a colleague's calendar is
 * wider than it. An online view: offline it shows the last answer with its time. Null `teacherIds` asks
 * nothing (the calendar reads the local database).
 */
export function useTeachersOnline(
  teacherIds: readonly string[] | null,
  range: { first: string; last: string },
): OnlineView<ScheduleListResponse> {
  const key = 'GET /api/schedules/:first/:last/week/teacher';
  const teachers = teacherIds?.join(',') ?? '';
  return useOnlineView(
    teacherIds ? `/api/schedules/${range.first}/${range.last}/teachers/${teachers}` : 'none',
    async (): Promise<CallResult<ScheduleListResponse>> => {
      if (!teacherIds) return { ok: true, value: { schedules: [] } };
      const schedules: ScheduleListResponse['schedules'] = [];
      for (const week of weeksOf(range)) {
        const answer = await callApi(key, { params: week, query: { teachers } });
        if (!answer.ok) return answer;
        schedules.push(...answer.value.schedules);
      }
      return { ok: true, value: { schedules } };
    },
    CALL_SCHEMAS[key].response,
  );
}
