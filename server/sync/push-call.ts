import { ErrorCode } from '../../domain/errors';
import type { SyncRejectReason } from '../../domain/sync';
import type { PushRow, SyncedDoc } from '../../domain/sync-merge';
import { HttpError } from '../http-error';
import {
  PushRowRefused,
  pushCollection,
  type SyncActor,
  type SyncCollectionDef,
  type SyncPushConflict,
  type SyncPushDeps,
} from './engine';

const REASON_STATUS: Record<SyncRejectReason, number> = {
  forbidden: 403,
  invalid: 422,
  not_found: 404,
  conflict: 409,
  field_conflict: 409,
};

const REASON_CODE: Record<SyncRejectReason, string> = {
  forbidden: ErrorCode.forbidden,
  invalid: ErrorCode.validation,
  not_found: ErrorCode.notFound,
  conflict: ErrorCode.conflict,
  field_conflict: ErrorCode.conflict,
};

/** The HTTP answer of a refused row by its reason alone: 403, 422, 404 or 409 with the reason's code. */
export function refusalAsHttp<Doc>(conflict: SyncPushConflict<Doc>): HttpError {
  return new HttpError(REASON_STATUS[conflict.reason], {
    message: conflict.reason,
    code: REASON_CODE[conflict.reason],
  });
}

/** How a REST command writes through a collection's push. */
export interface PushCallOptions<Doc> {
  /**
   * All or nothing: the first refused row rolls the whole command back. Without it the rows taken stay
   * written and the call still answers the first refusal.
   */
  atomic?: boolean;
  /** The answer of a refused row; `refusalAsHttp` unless the call names the field the row came from. */
  refusal?: (conflict: SyncPushConflict<Doc>) => HttpError;
}

/**
 * A REST command of SPEC §7 that writes synced rows: the rows go through the collection's push (the same
 * rules, merge, history, audience and follow-up work the sync uses: ARCHITECTURE §3, one rule, one place) and
 * a refused row answers the call as an HTTP error instead of coming back in-band. Answers the rows as stored.
 */
export async function pushAsCall<Doc extends SyncedDoc>(
  deps: SyncPushDeps,
  def: SyncCollectionDef<Doc>,
  actor: SyncActor,
  rows: readonly PushRow<Doc>[],
  offline: boolean,
  options: PushCallOptions<Doc> = {},
): Promise<Doc[]> {
  const refusal = options.refusal ?? refusalAsHttp;
  try {
    const { conflicts, written } = await pushCollection(deps, def, actor, rows, offline, {
      atomic: options.atomic ?? false,
    });
    const [refused] = conflicts;
    if (refused) throw refusal(refused);
    return written;
  } catch (error) {
    if (!(error instanceof PushRowRefused)) throw error;
    const refused: PushRowRefused<Doc> = error;
    throw refusal(refused.conflict);
  }
}
