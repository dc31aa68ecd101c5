import type { MasterSettingTab } from '../../../domain/master-kind';
import { type CallResult, type CallValue, callApi } from '../../api/call-api';
import { type MasterFormValues, segmentOf, writeBodyOf } from './master-list';

/**
 * `POST /api/master-setting/{segment}` (create, `id` null) or `/{segment}/{id}` (update). Editing master
 * data needs the server now: names must be unique school-wide, so it is never queued offline. The change
 * reaches this and every other device through the `master` collection's pull.
 */
export function saveMasterRow(
  kind: MasterSettingTab,
  id: string | null,
  values: MasterFormValues,
): Promise<CallResult<CallValue<'POST /api/master-setting/:segment'>>> {
  const segment = segmentOf(kind);
  const body = writeBodyOf(kind, values);
  if (id === null) return callApi('POST /api/master-setting/:segment', { params: { segment }, body });
  return callApi('POST /api/master-setting/:segment/:id', { params: { segment, id }, body });
}

/** `DELETE /api/master-setting/{segment}/{id}`; refused with `in_use_by_…` while other rows use it. */
export function deleteMasterRow(
  kind: MasterSettingTab,
  id: string,
): Promise<CallResult<CallValue<'DELETE /api/master-setting/:segment/:id'>>> {
  return callApi('DELETE /api/master-setting/:segment/:id', { params: { segment: segmentOf(kind), id } });
}

/** `POST /api/master-setting/rooms/multiStore`: every room of the list, or none. */
export function storeRooms(
  universityId: string,
  names: readonly string[],
): Promise<CallResult<CallValue<'POST /api/master-setting/rooms/multiStore'>>> {
  return callApi('POST /api/master-setting/rooms/multiStore', {
    body: { rooms: names.map((name) => ({ name, university_id: universityId })) },
  });
}
