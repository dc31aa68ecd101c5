import { vi } from 'vitest';

/** Whether `promise` has settled once Vitest's fake timers have run up to now. */
export async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}
