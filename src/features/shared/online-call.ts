import { ErrorCode } from '../../../domain/errors';
import { ClientErrorCode } from '../../i18n/error-messages';
import { HttpError } from '../../sync/http';

/** The outcome of an online-only call: its answer, or the first error code to translate (and where it was). */
export type OnlineResult<T> = { ok: true; value: T } | { ok: false; code: string; field?: string };

/**
 * Runs a call that needs the server now (no local copy, no outbox): `offline_now` without a network, else its
 * answer or the first code the server sent, a field's first code before the call's own. `statusCodes` names
 * answers that come without a code (a proxy's 413, say).
 */
export async function onlineCall<T>(
  send: () => Promise<T>,
  statusCodes: Readonly<Record<number, string>> = {},
): Promise<OnlineResult<T>> {
  if (!navigator.onLine) return { ok: false, code: ClientErrorCode.offlineNow };
  try {
    return { ok: true, value: await send() };
  } catch (error) {
    if (!(error instanceof HttpError)) return { ok: false, code: ClientErrorCode.network };
    const byStatus = statusCodes[error.status];
    if (byStatus) return { ok: false, code: byStatus };
    const [field, codes] = Object.entries(error.body?.errors ?? {})[0] ?? [];
    const code = codes?.[0];
    return code
      ? { ok: false, code, ...(field ? { field } : {}) }
      : { ok: false, code: error.code ?? ErrorCode.internal };
  }
}
