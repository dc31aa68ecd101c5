import type { StickyClassesResponse } from '../../../domain/schemas/stickies';
import { StickyStatus } from '../../../domain/stickies';
import { type CallResult, callApi } from '../../api/call-api';
import type { ClassListKind } from './sticky-card-rules';

/** The outcome of an online-only dashboard call: the value, or a code to translate. */
export type StickyCallResult<T> = CallResult<T>;

const LIST_CLASSES_CALLS = {
  attendance: 'GET /api/sticky/list-classes-attendance',
  achievement: 'GET /api/sticky/list-classes-achievement',
  'lesson-plan': 'GET /api/sticky/list-classes-lesson-plan',
  'note-plan': 'GET /api/sticky/list-classes-note-plan',
} as const satisfies Record<ClassListKind, string>;

/** The value of a successful call mapped, a failure passed on as it is. */
function mapValue<T, U>(result: CallResult<T>, map: (value: T) => U): CallResult<U> {
  return result.ok ? { ok: true, value: map(result.value) } : result;
}

/**
 * `POST /api/sticky/{id}` with status 1: closes a card (online only, SPEC §4). The local copy goes when the
 * server's change notice brings the closed card back as deleted.
 */
export async function closeSticky(id: string): Promise<StickyCallResult<true>> {
  const result = await callApi('POST /api/sticky/:stickyId', {
    params: { stickyId: id },
    body: { status: StickyStatus.closed },
  });
  return mapValue(result, () => true as const);
}

/** `GET /api/sticky/list-classes-<kind>`: the classes behind a card, worked out by the server now. */
export async function listStickyClasses(
  kind: ClassListKind,
  stickyId: string,
  stickyType: number,
): Promise<StickyCallResult<StickyClassesResponse['data']>> {
  const result = await callApi(LIST_CLASSES_CALLS[kind], { query: { stickyId, stickyType } });
  return mapValue(result, (value) => value.data);
}

/** `GET /api/sticky/{id}`: the students a teacher's highlight card flags now. */
export async function listStickyStudents(
  stickyId: string,
): Promise<StickyCallResult<{ id: string; identity: string; name: string }[]>> {
  const result = await callApi('GET /api/sticky/:stickyId', { params: { stickyId } });
  return mapValue(result, (value) => value.students);
}
