import { CSRF_HEADER } from '../../domain/auth';
import { ErrorCode } from '../../domain/errors';
import { LIMITS } from '../../domain/limits';
import { CLIENT_BUILD_HEADER, IDEMPOTENCY_KEY_HEADER, OFFLINE_ORIGIN_HEADER } from '../../domain/sync';
import { type FetchLike, HttpError, readResponse } from './http';

/**
 * The session is gone (401): the window must ask the user to sign in again. `accountClosed`: the account was
 * blocked or removed since, and the device must forget the user (after showing their waiting writes).
 */
export class SignInRequiredError extends Error {
  constructor(readonly accountClosed = false) {
    super('Sign-in required');
    this.name = 'SignInRequiredError';
  }
}

/** The server runs a newer build (426): the window must offer the update before syncing on. */
export class UpdateRequiredError extends Error {
  constructor() {
    super('Update required');
    this.name = 'UpdateRequiredError';
  }
}

/**
 * The device reports no network (the window's `offline` event): no call is tried until it reports one again.
 * Browsers do not always cut a worker's own requests when the page goes offline; without this a write made
 * offline could leave before the outbox marked it offline, and a failing call would only wait out the backoff.
 */
export class NetworkDownError extends Error {
  constructor() {
    super('The device reports no network');
    this.name = 'NetworkDownError';
  }
}

/** What every sync call sends: where, with which build, and the CSRF token the window handed over. */
export type SyncRequestContext = {
  fetchImpl: FetchLike;
  baseUrl: string;
  clientBuild: string;
  /** The double-submit token; a worker cannot read cookies, so the window passes it and 400 answers renew it. */
  csrfToken: { current: string | undefined };
  /** The window's view of the network; absent counts as online (tests, benchmarks). */
  network?: { online: boolean };
};

/**
 * One sync call with the 10 s limit of ARCHITECTURE §3. Throws SignInRequiredError on 401,
 * UpdateRequiredError on 426, HttpError on other error statuses and the fetch error on network failures; a
 * CSRF refusal takes the fresh token it carries and is tried once more.
 */
export async function syncRequest(
  context: SyncRequestContext,
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown; offline?: boolean; idempotencyKey?: string },
): Promise<unknown> {
  if (context.network?.online === false) throw new NetworkDownError();
  const send = async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), LIMITS.syncRequestTimeoutMs);
    try {
      const response = await context.fetchImpl(new URL(path, context.baseUrl).toString(), {
        method: init.method,
        credentials: 'same-origin',
        signal: controller.signal,
        headers: {
          accept: 'application/json',
          [CLIENT_BUILD_HEADER]: context.clientBuild,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.method === 'POST' && context.csrfToken.current
            ? { [CSRF_HEADER]: context.csrfToken.current }
            : {}),
          ...(init.offline ? { [OFFLINE_ORIGIN_HEADER]: '1' } : {}),
          ...(init.idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: init.idempotencyKey } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return await readResponse(response);
    } finally {
      clearTimeout(timer);
    }
  };
  try {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof HttpError) || error.code !== ErrorCode.tokenMismatch || !error.body?.token)
        throw error;
      context.csrfToken.current = error.body.token;
      return await send();
    }
  } catch (error) {
    if (error instanceof HttpError && error.status === 401)
      throw new SignInRequiredError(error.code === ErrorCode.accountClosed);
    if (error instanceof HttpError && error.status === 426) throw new UpdateRequiredError();
    throw error;
  }
}
