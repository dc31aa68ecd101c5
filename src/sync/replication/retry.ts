import { type Backoff, createBackoff } from '../backoff';
import { HttpError } from '../http';
import { SignInRequiredError, UpdateRequiredError } from '../sync-request';
import type { CollectionReplicationOptions, LocalDoc } from './core';

const MIN_RETRY_MS = 2000;
const MAX_RETRY_MS = 60_000;

/**
 * The retry step. RxDB's own `retryTime` is a fixed wait that, in a worker, no `online` event shortens; so
 * each handler waits out a growing backoff itself before it reports a failure (network, timeout, 5xx), RxDB
 * then retries at once, and `wake()` ends the wait early. A 401 asks the window for a sign-in, a 426 for
 * the update.
 */
export type Retry = {
  /** Whether the last pull and push calls succeeded; only then does going idle mean everything was sent. */
  readonly healthy: boolean;
  /** A pull or push call succeeded: the next failure waits the shortest delay again. */
  succeeded(): void;
  /** A call failed: says so to the window when it asks something of the user, waits, then throws `error`. */
  failed(error: unknown): Promise<never>;
  /** Ends the current wait (network back, socket notice). */
  wake(): void;
};

export function createRetry<Doc extends LocalDoc>(
  options: Pick<
    CollectionReplicationOptions<Doc>,
    'backoff' | 'retryMs' | 'onSignInRequired' | 'onUpdateRequired'
  >,
): Retry {
  const backoff: Backoff =
    options.backoff ??
    createBackoff(options.retryMs?.min ?? MIN_RETRY_MS, options.retryMs?.max ?? MAX_RETRY_MS);
  let healthy = true;
  return {
    get healthy() {
      return healthy;
    },
    succeeded() {
      backoff.reset();
      healthy = true;
    },
    async failed(error) {
      healthy = false;
      if (error instanceof SignInRequiredError) options.onSignInRequired(error.accountClosed);
      if (error instanceof UpdateRequiredError) options.onUpdateRequired();
      // A server shedding load (503) names its wait; the rows stay queued and go again once it is over.
      await backoff.wait(error instanceof HttpError ? error.retryAfterMs : undefined);
      throw error;
    },
    wake() {
      backoff.wake();
    },
  };
}
