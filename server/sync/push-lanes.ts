/** What a lane must offer the app: a way to wait for the work under way in it (`BatchLane`). */
interface Lane {
  settled(): Promise<void>;
}

/**
 * Where concurrent pushes of grouped collections meet, one lane per collection definition. Made once per app
 * (`createPushLanes`, kept in `AppDeps`); `settled` waits for the pushes under way. It knows nothing of what a
 * lane carries, so the app's dependencies need not know the sync engine that fills it.
 */
export interface PushLanes {
  /** Batches of one collection that run at once. */
  readonly inFlight: number;
  /** The lane kept for `key` (a collection definition), made by `make` the first time. */
  laneOf<Of extends Lane>(key: object, make: () => Of): Of;
  settled(): Promise<void>;
}

/**
 * The lanes of one app. `inFlight` batches of a collection run at once: 1 on PGlite (one statement at a
 * time anyway), a few on PostgreSQL so the pool's connections work side by side.
 */
export function createPushLanes(options: { inFlight: number }): PushLanes {
  // Keyed by the definition object: each holds its own document type, which its lane shares.
  const lanes = new Map<object, Lane>();
  return {
    inFlight: options.inFlight,
    laneOf<Of extends Lane>(key: object, make: () => Of): Of {
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
