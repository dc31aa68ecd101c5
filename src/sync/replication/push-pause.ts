/**
 * How long a collection's push waits after a local write before it sends (docs/first-sync.md, "Local write to
 * live query"): until the writes pause for `quietMs`, and never more than `longestMs` after the first write it
 * holds. A burst of writes (a teacher marking a sheet) then goes in one push instead of one each, and the
 * worker's IndexedDB work for a push (the recorded request, its answer, the settled outbox entries, RxDB's
 * record of the server's state) no longer lands between the window's writes, which it delays. A write is
 * stored and marked in the outbox before the wait starts, so nothing is lost should the worker stop during it:
 * RxDB pushes from its stored checkpoint when it starts again.
 */
export type PushPause = { quietMs: number; longestMs: number };

export const PUSH_PAUSE: PushPause = { quietMs: 100, longestMs: 1000 };

/**
 * RxDB's `waitBeforePersist`: called on every local change the push sees, it answers a wait that ends
 * `quietMs` after the latest call, or `longestMs` after the first call still waiting, whichever comes first.
 * Every call waiting ends together, and RxDB's next push takes all the changes they saw.
 */
export function untilWritesPause({ quietMs, longestMs }: PushPause): () => Promise<void> {
  let waiting: {
    ends: Promise<void>;
    end: () => void;
    since: number;
    timer?: ReturnType<typeof setTimeout>;
  } | null = null;
  return () => {
    const now = Date.now();
    if (!waiting) {
      let end = () => {};
      const ends = new Promise<void>((resolve) => {
        end = resolve;
      });
      waiting = { ends, end, since: now };
    }
    const held = waiting;
    clearTimeout(held.timer);
    held.timer = setTimeout(
      () => {
        if (waiting === held) waiting = null;
        held.end();
      },
      Math.max(0, Math.min(quietMs, held.since + longestMs - now)),
    );
    return held.ends;
  };
}
