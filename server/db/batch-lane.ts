/** What a batch answers for one of its items: its value, or the error that item alone failed with. */
export type ItemOutcome<Answer> = { ok: true; value: Answer } | { ok: false; error: unknown };

/** Where calls queue to be run together; see `createBatchLane`. */
export interface BatchLane<Item, Answer> {
  /** Queues `item` and resolves (or rejects) with its own outcome once the batch that took it has run. */
  submit(item: Item): Promise<Answer>;
  /** Resolves once nothing waits or runs: for tests, and before the database closes. */
  settled(): Promise<void>;
}

/** How a lane groups its items. */
export interface BatchLaneOptions<Item> {
  /**
   * Batches running at once. On PGlite, which runs one statement at a time, 1: a second batch would only
   * wait for the database. On PostgreSQL a few, so the pool's connections work side by side.
   */
  inFlight: number;
  /** The weight a batch may reach before the next item starts another batch (an item alone always runs). */
  maxWeight: number;
  /** The weight of one item (the rows it writes, say); 1 when absent. */
  weigh?(item: Item): number;
}

/**
 * Group commit: items submitted while `inFlight` batches are running wait, and the next batch takes
 * every waiting item (up to `maxWeight`) at once. Under no load an item runs on the next turn of the event
 * loop, alone; under load
 * the batches grow by themselves, so the fixed cost of a batch (a transaction, the reads it shares) is paid
 * once for many items. `run` answers one outcome per item, in order; if it throws, every item of the batch
 * fails with that error.
 */
export function createBatchLane<Item, Answer>(
  run: (items: readonly Item[]) => Promise<ItemOutcome<Answer>[]>,
  options: BatchLaneOptions<Item>,
): BatchLane<Item, Answer> {
  type Waiting = { item: Item; resolve: (answer: Answer) => void; reject: (error: unknown) => void };
  const waiting: Waiting[] = [];
  const running = new Set<Promise<void>>();
  const weigh = options.weigh ?? (() => 1);

  const takeBatch = (): Waiting[] => {
    const batch: Waiting[] = [];
    let weight = 0;
    for (const next of waiting) {
      const itemWeight = weigh(next.item);
      if (batch.length > 0 && weight + itemWeight > options.maxWeight) break;
      batch.push(next);
      weight += itemWeight;
    }
    waiting.splice(0, batch.length);
    return batch;
  };

  const runBatch = async (batch: readonly Waiting[]): Promise<void> => {
    try {
      const outcomes = await run(batch.map(({ item }) => item));
      batch.forEach(({ resolve, reject }, index) => {
        const outcome = outcomes[index];
        if (!outcome) reject(new Error('the batch answered fewer items than it took'));
        else if (outcome.ok) resolve(outcome.value);
        else reject(outcome.error);
      });
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  };

  const pump = () => {
    while (running.size < options.inFlight && waiting.length > 0) {
      const done: Promise<void> = runBatch(takeBatch()).finally(() => {
        running.delete(done);
        pump();
      });
      running.add(done);
    }
  };

  // A batch starts on the next turn of the event loop, not at once: on PGlite a whole save runs without
  // waiting for any I/O, so a batch started at once would always hold one item; the saves whose requests
  // arrive in the same turn join it instead.
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      pump();
    });
  };

  return {
    submit(item) {
      return new Promise<Answer>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        schedule();
      });
    },
    async settled() {
      while (running.size > 0 || scheduled) {
        if (running.size > 0) await Promise.all(running);
        else await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

/** What a lane must offer the app's set of lanes: a way to wait for the work under way in it. */
interface SettlingLane {
  settled(): Promise<void>;
}

/**
 * Every lane of one app, made once (`createBatchLanes`, kept in `AppDeps`): the pushes of each grouped
 * collection, the session lookups, the attendance save checks. `inFlight` is how many batches of one lane
 * run at once: 1 on PGlite (one statement at a time anyway), a few on PostgreSQL so the pool's connections
 * work side by side. It knows nothing of what a lane carries, so the app's dependencies need not know the
 * modules that fill them.
 */
export interface BatchLanes {
  readonly inFlight: number;
  /** The lane kept for `key` (a collection definition, a module's own token), made by `make` the first time. */
  laneOf<Of extends SettlingLane>(key: object, make: () => Of): Of;
  /** Resolves once no lane has work waiting or running: before the database closes. */
  settled(): Promise<void>;
}

/** The lanes of one app; see `BatchLanes`. */
export function createBatchLanes(options: { inFlight: number }): BatchLanes {
  // Keyed by an object each user of a lane owns: a collection's definition holds its document type, which
  // its lane shares.
  const lanes = new Map<object, SettlingLane>();
  return {
    inFlight: options.inFlight,
    laneOf<Of extends SettlingLane>(key: object, make: () => Of): Of {
      const known = lanes.get(key);
      if (known) return known as Of;
      const lane = make();
      lanes.set(key, lane);
      return lane;
    },
    async settled() {
      await Promise.all([...lanes.values()].map((lane) => lane.settled()));
    },
  };
}
