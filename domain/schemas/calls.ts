import { achievementCalls } from './achievement';
import { attendanceCalls } from './attendance';
import { authAccountCalls } from './auth-account';
import { authProviderCalls } from './auth-provider';
import type { CallSchema } from './common';
import { eventsCalls } from './events';
import { healthCalls } from './health';
import { highlightsCalls } from './highlights';
import { lessonsCalls } from './lessons';
import { masterSettingCalls } from './master-setting';
import { memosCalls } from './memos';
import { notificationsCalls } from './notifications';
import { offlineCalls } from './offline';
import { passkeyCalls } from './passkeys';
import { peopleCalls } from './people';
import { plansCalls } from './plans';
import { privacyCalls } from './privacy';
import { pushCalls } from './push';
import { reportsCalls } from './reports';
import { requestsCalls } from './requests';
import { schedulesCalls } from './schedules';
import { schoolSettingsCalls } from './school-settings';
import { statisticsCalls } from './statistics';
import { stickiesCalls } from './stickies';
import { subjectsCalls } from './subjects';
import { syncCalls } from './sync';

export type { CallSchema } from './common';

/**
 * Every area's slice of the call table, in the order of SPEC §7. Each area owns its entries in
 * `domain/schemas/<area>.ts`; this file only merges them, and the contract test checks that no call is in two.
 */
export const CALL_SLICES = [
  authAccountCalls,
  authProviderCalls,
  passkeyCalls,
  schoolSettingsCalls,
  syncCalls,
  offlineCalls,
  masterSettingCalls,
  stickiesCalls,
  notificationsCalls,
  pushCalls,
  subjectsCalls,
  lessonsCalls,
  highlightsCalls,
  plansCalls,
  attendanceCalls,
  achievementCalls,
  schedulesCalls,
  peopleCalls,
  memosCalls,
  requestsCalls,
  reportsCalls,
  statisticsCalls,
  eventsCalls,
  healthCalls,
  privacyCalls,
] as const;

/**
 * The schemas of every call, keyed exactly like `CALL_ROLES` and listed, each key once, in
 * `docs/product/7-calls.md` (Every call; `call-list.test.ts` holds the two together). Routes are registered
 * from these (`server/plugins/call-route.ts`), the app calls through them (`src/api/call-api.ts`), and forms
 * reuse the bodies. Writes with no body of their own take `emptyBodySchema`; GETs never have a body. Where
 * SPEC §7 shows no answer, the answer is the smallest a client needs: the written record (so an offline copy
 * takes the server's ids) or `{ ok: true }` when the client already holds it.
 */
export const CALL_SCHEMAS = {
  ...authAccountCalls,
  ...authProviderCalls,
  ...passkeyCalls,
  ...schoolSettingsCalls,
  ...syncCalls,
  ...offlineCalls,
  ...masterSettingCalls,
  ...stickiesCalls,
  ...notificationsCalls,
  ...pushCalls,
  ...subjectsCalls,
  ...lessonsCalls,
  ...highlightsCalls,
  ...plansCalls,
  ...attendanceCalls,
  ...achievementCalls,
  ...schedulesCalls,
  ...peopleCalls,
  ...memosCalls,
  ...requestsCalls,
  ...reportsCalls,
  ...statisticsCalls,
  ...eventsCalls,
  ...healthCalls,
  ...privacyCalls,
} as const satisfies Record<string, CallSchema>;

/** A call with schemas (every key of `CALL_ROLES`). */
export type SchemaCall = keyof typeof CALL_SCHEMAS;

/** The schemas of a call. */
export function callSchemas(call: SchemaCall): CallSchema {
  return CALL_SCHEMAS[call];
}
