import {
  type StickyClassList,
  stickyClassListSchema,
  stickyDetailSchema,
  stickyItemSchema,
} from '../../../domain/sticky-api';
import { apiRequest } from '../../sync/http';
import { type OnlineResult, onlineCall } from '../shared/online-call';
import type { ClassListKind } from './sticky-card-rules';

/** The outcome of an online-only dashboard call: the value, or a code to translate. */
export type StickyCallResult<T> = OnlineResult<T>;

/**
 * `POST /api/sticky/{id}` with status 1: closes a card (online only, SPEC §4). The local copy goes when the
 * server's change notice brings the closed card back as deleted.
 */
export function closeSticky(id: string): Promise<StickyCallResult<true>> {
  return onlineCall(async () => {
    stickyItemSchema.parse(await apiRequest('POST', `/api/sticky/${id}`, { status: 1 }));
    return true as const;
  });
}

/** `GET /api/sticky/list-classes-<kind>`: the classes behind a card, worked out by the server now. */
export function listStickyClasses(
  kind: ClassListKind,
  stickyId: string,
  stickyType: number,
): Promise<StickyCallResult<StickyClassList['data']>> {
  const query = new URLSearchParams({ stickyId, stickyType: String(stickyType) });
  return onlineCall(
    async () =>
      stickyClassListSchema.parse(await apiRequest('GET', `/api/sticky/list-classes-${kind}?${query}`)).data,
  );
}

/** `GET /api/sticky/{id}`: the students a teacher's highlight card flags now. */
export function listStickyStudents(
  stickyId: string,
): Promise<StickyCallResult<{ id: string; identity: string; name: string }[]>> {
  return onlineCall(
    async () => stickyDetailSchema.parse(await apiRequest('GET', `/api/sticky/${stickyId}`)).students,
  );
}
