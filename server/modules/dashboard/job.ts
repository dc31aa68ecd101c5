/** Timer functions the job uses; tests pass their own to run ticks by hand. */
export interface JobTimers {
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const systemTimers: JobTimers = {
  setInterval: (run, ms) => setInterval(run, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

/** A running periodic job. */
export interface PeriodicJob {
  /** Starts a run now unless one is going (the server runs one as soon as it is ready). */
  trigger(): void;
  /** Stops the timer and waits for a run in progress to finish. */
  stop(): Promise<void>;
}

/**
 * Runs `task` every `intervalMs`, never two runs at once (a tick during a run is skipped), reporting failures
 * to `onError` instead of crashing the process. `stop` clears the timer and waits for the current run.
 */
export function startPeriodicJob(
  task: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
  timers: JobTimers = systemTimers,
): PeriodicJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = task()
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
      });
  };
  const handle = timers.setInterval(tick, intervalMs);
  return {
    trigger: tick,
    async stop() {
      stopped = true;
      timers.clearInterval(handle);
      await running;
    },
  };
}
