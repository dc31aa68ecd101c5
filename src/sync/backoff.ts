/** A growing wait between failed attempts that a wake-up (online again, socket back) cuts short. */
export type Backoff = {
  /**
   * Waits the current delay, then doubles it up to the maximum. Resolves early on `wake()`, but never before
   * `atLeastMs`: the wait a server asked for (`Retry-After`) holds even when the network comes back.
   */
  wait(atLeastMs?: number): Promise<void>;
  /** Ends the current wait now (or once its `atLeastMs` is over) and starts the next from the shortest delay. */
  wake(): void;
  /** Back to the shortest delay after a success. */
  reset(): void;
  /** The delay the next wait will use. */
  readonly nextDelayMs: number;
};

/** Creates a backoff from `minMs` doubling to `maxMs`. */
export function createBackoff(minMs: number, maxMs: number): Backoff {
  let delay = minMs;
  let wakeWaiters: (() => void)[] = [];

  return {
    wait(atLeastMs = 0) {
      const current = Math.max(delay, atLeastMs);
      delay = Math.min(delay * 2, maxMs);
      const earliest = Date.now() + atLeastMs;
      return new Promise<void>((resolve) => {
        let timer = setTimeout(done, current);
        function done() {
          clearTimeout(timer);
          wakeWaiters = wakeWaiters.filter((waiter) => waiter !== woken);
          resolve();
        }
        // Woken before the server's wait is over: it ends when that wait does.
        function woken() {
          const left = earliest - Date.now();
          if (left <= 0) return done();
          clearTimeout(timer);
          timer = setTimeout(done, left);
        }
        wakeWaiters.push(woken);
      });
    },
    wake() {
      delay = minMs;
      for (const waiter of wakeWaiters) waiter();
    },
    reset() {
      delay = minMs;
    },
    get nextDelayMs() {
      return delay;
    },
  };
}
