/**
 * How hard the database is being asked (for metrics and load shed): what waits or runs on it now, and for
 * how long in all it has had something to do.
 */
export interface DatabaseLoad {
  /** Statements and open transactions waiting for the database or running on it now. */
  queued: number;
  /** Seconds, since it opened, during which at least one of them was waiting or running. */
  busySeconds: number;
}

/** Counts work on the database as it starts and ends; see `DatabaseLoad`. */
export interface LoadMeter {
  /** Notes one piece of work starting; the function it returns notes it ending (once, however often called). */
  begin(): () => void;
  read(): DatabaseLoad;
}

/** A meter reading `now` (ms) for the busy time; tests pass their own clock. */
export function createLoadMeter(now: () => number = () => performance.now()): LoadMeter {
  let queued = 0;
  let busyMs = 0;
  let busySince = 0;
  return {
    begin() {
      if (queued === 0) busySince = now();
      queued += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        queued -= 1;
        if (queued === 0) busyMs += now() - busySince;
      };
    },
    read() {
      const current = queued > 0 ? now() - busySince : 0;
      return { queued, busySeconds: (busyMs + current) / 1000 };
    },
  };
}
