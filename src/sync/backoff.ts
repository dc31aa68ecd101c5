/** A growing wait between failed attempts that a wake-up (online again, socket back) cuts short. */
export type Backoff = {
  /** Waits the current delay, then doubles it up to the maximum. Resolves early on `wake()`. */
  wait(): Promise<void>;
  /** Ends the current wait now and starts the next one from the shortest delay. */
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
    wait() {
      const current = delay;
      delay = Math.min(delay * 2, maxMs);
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, current);
        function done() {
          clearTimeout(timer);
          wakeWaiters = wakeWaiters.filter((waiter) => waiter !== done);
          resolve();
        }
        wakeWaiters.push(done);
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
