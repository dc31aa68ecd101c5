import { describe, expect, it } from 'vitest';
import { type JobTimers, startPeriodicJob } from './job';

/** Timers driven by hand: `tick` runs the registered callback as the interval would. */
function manualTimers() {
  let callback: (() => void) | null = null;
  let cleared = false;
  const timers: JobTimers = {
    setInterval(run) {
      callback = run;
      return 1;
    },
    clearInterval() {
      cleared = true;
    },
  };
  return { timers, tick: () => callback?.(), cleared: () => cleared };
}

describe('periodic job', () => {
  it('runs on each tick, never twice at once, reports errors and stops cleanly', async () => {
    const manual = manualTimers();
    const errors: unknown[] = [];
    let runs = 0;
    let release: () => void = () => undefined;
    const job = startPeriodicJob(
      () => {
        runs += 1;
        if (runs === 2) return Promise.reject(new Error('boom'));
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      60_000,
      (error) => errors.push(error),
      manual.timers,
    );
    job.trigger();
    manual.tick(); // skipped: the first run is still going
    expect(runs).toBe(1);
    release();
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    manual.tick();
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toBe(2);
    expect(errors).toHaveLength(1);
    manual.tick();
    const stopping = job.stop();
    release();
    await stopping;
    expect(manual.cleared()).toBe(true);
    manual.tick(); // after stop: ignored
    job.trigger();
    expect(runs).toBe(3);
  });
});
