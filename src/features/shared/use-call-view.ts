import type { z } from 'zod';
import type { CallKey } from '../../../domain/permissions';
import { CALL_SCHEMAS } from '../../../domain/schemas/calls';
import { type CallInput, type CallResult, type CallValue, callApi } from '../../api/call-api';
import { type OnlineView, useOnlineView } from '../../db/use-online-view';

/**
 * An online-only view of one call of the call table (ARCHITECTURE §3): the call made with `input`, its answer
 * kept on the device under `viewKey` and read back through the call's own response schema; `round` reads it
 * again. Every screen's view of a call is this one hook, so none writes the call and its schema again.
 */
export function useCallView<K extends CallKey>(
  viewKey: string,
  key: K,
  input?: CallInput<K>,
  round = 0,
): OnlineView<CallValue<K>> {
  // The input is the call's own (CallInput<K>); callApi's rest-argument form cannot be told so for a generic K.
  const call = callApi as (key: K, input?: CallInput<K>) => Promise<CallResult<CallValue<K>>>;
  const schema = CALL_SCHEMAS[key].response as z.ZodType<CallValue<K>>;
  return useOnlineView(viewKey, () => call(key, input), schema, round);
}
