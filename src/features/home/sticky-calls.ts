import {
  type StickyClassList,
  stickyClassListSchema,
  stickyDetailSchema,
  stickyItemSchema,
} from '../../../domain/sticky-api';
import { apiRequest, HttpError } from '../../sync/http';
import type { ClassListKind } from './sticky-card-rules';

/** The outcome of an online-only dashboard call: the value, or a code to translate. */
export type StickyCallResult<T> = { ok: true; value: T } | { ok: false; code: string };

async function run<T>(send: () => Promise<T>): Promise<StickyCallResult<T>> {
  if (!navigator.onLine) return { ok: false, code: 'offline_now' };
  try {
    return { ok: true, value: await send() };
  } catch (error) {
    if (error instanceof HttpError) return { ok: false, code: error.code ?? 'internal_error' };
    return { ok: false, code: 'network_error' };
  }
}

/**
 * `POST /api/sticky/{id}` with status 1: closes a card (online only, SPEC §4). The local copy goes when the
 * server's change notice brings the closed card back as deleted.
 */
export function closeSticky(id: string): Promise<StickyCallResult<true>> {
  return run(async () => {
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
  return run(
    async () =>
      stickyClassListSchema.parse(await apiRequest('GET', `/api/sticky/list-classes-${kind}?${query}`)).data,
  );
}

/** `GET /api/sticky/{id}`: the students a teacher's highlight card flags now. */
export function listStickyStudents(
  stickyId: string,
): Promise<StickyCallResult<{ id: string; identity: string; name: string }[]>> {
  return run(
    async () => stickyDetailSchema.parse(await apiRequest('GET', `/api/sticky/${stickyId}`)).students,
  );
}
