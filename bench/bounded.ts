// Every wait of a benchmark has a bound and fails saying what it waited for (the brief of issue 45: a bench
// that waited ten minutes on an idle machine for rows the app no longer pulls). Plain code, no Node or DOM
// imports: the Node side and the bench page (bench/harness/main.ts) both use it.

/** The error a bounded wait fails with: what it waited for, and for how long. */
export class WaitedTooLong extends Error {
  constructor(what: string, ms: number) {
    super(`waited ${(ms / 1000).toFixed(0)} s for ${what}`);
    this.name = 'WaitedTooLong';
  }
}

/** `work`, or a `WaitedTooLong` naming `what` once `ms` have passed without it settling. */
export function within<T>(what: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WaitedTooLong(what, ms)), ms);
  });
  return Promise.race([work, bound]).finally(() => clearTimeout(timer));
}

/**
 * Calls `probe` every `everyMs` until it answers something other than `undefined`, and answers that; fails
 * with a `WaitedTooLong` naming `what` (and the last thing `describe` says, if given) after `ms`.
 */
export async function pollUntil<T>(
  what: string,
  ms: number,
  probe: () => Promise<T | undefined> | T | undefined,
  options: { everyMs?: number; describe?: () => string } = {},
): Promise<T> {
  const deadline = performance.now() + ms;
  for (;;) {
    const answer = await probe();
    if (answer !== undefined) return answer;
    if (performance.now() >= deadline) {
      const last = options.describe?.();
      throw new WaitedTooLong(last ? `${what} (last seen: ${last})` : what, ms);
    }
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 50));
  }
}
