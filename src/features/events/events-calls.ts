import type { EventSearchRequest, EventWrite, RankingSearchRequest } from '../../../domain/schemas/events';
import { XLSX_MIME_TYPE } from '../../../domain/validation';
import { ValidationCode } from '../../../domain/validation-codes';
import { type CallResult, type CallValue, callApi } from '../../api/call-api';
import type { OnlineView } from '../../db/use-online-view';
import { useCallView } from '../shared/use-call-view';

type EventsValue = CallValue<'POST /api/viblo-event/search'>;
type RankingValue = CallValue<'POST /api/viblo/search'>;

/**
 * One tab page of `/viblo/events` (an online-only view, ARCHITECTURE §3): the last answer of each search is
 * kept on the device and shown "as of" its time while offline.
 */
export function useEventsSearch(search: EventSearchRequest): OnlineView<EventsValue> {
  return useCallView(`viblo-event/search?${JSON.stringify(search)}`, 'POST /api/viblo-event/search', {
    body: search,
  });
}

/** One page of the `/viblo` ranking, an online-only view kept on the device like the events list. */
export function useRankingSearch(search: RankingSearchRequest): OnlineView<RankingValue> {
  return useCallView(`viblo/search?${JSON.stringify(search)}`, 'POST /api/viblo/search', { body: search });
}

/** The events the ranking can be filtered by. */
export function useRankingEvents() {
  return useCallView('viblo/filter-data', 'GET /api/viblo/filter-data');
}

/** `POST /api/viblo-event` (create, `id` null) or `/api/viblo-event/{id}` (update). */
export function saveEvent(
  id: string | null,
  body: EventWrite,
): Promise<CallResult<CallValue<'POST /api/viblo-event'>>> {
  if (id === null) return callApi('POST /api/viblo-event', { body });
  return callApi('POST /api/viblo-event/:eventId', { params: { eventId: id }, body });
}

/** `GET /api/viblo-event/{id}`: the event to edit. */
export function readEvent(id: string): Promise<CallResult<CallValue<'GET /api/viblo-event/:eventId'>>> {
  return callApi('GET /api/viblo-event/:eventId', { params: { eventId: id } });
}

/** `DELETE /api/viblo-event/{id}`. */
export function deleteEvent(id: string): Promise<CallResult<CallValue<'DELETE /api/viblo-event/:eventId'>>> {
  return callApi('DELETE /api/viblo-event/:eventId', { params: { eventId: id } });
}

/** `GET /api/viblo-event/add/get-data-create`: the universities an event may target. */
export function readEventFormChoices(): Promise<
  CallResult<CallValue<'GET /api/viblo-event/add/get-data-create'>>
> {
  return callApi('GET /api/viblo-event/add/get-data-create');
}

/** `POST /api/viblo-event/{id}/ranking-import`: the xlsx itself is the body; a proxy's 413 reads as too large. */
export function importRanking(
  eventId: string,
  file: File,
): Promise<CallResult<CallValue<'POST /api/viblo-event/:eventId/ranking-import'>>> {
  return callApi(
    'POST /api/viblo-event/:eventId/ranking-import',
    { params: { eventId }, upload: { file, contentType: XLSX_MIME_TYPE } },
    { statusCodes: { 413: ValidationCode.importTooLarge } },
  );
}
