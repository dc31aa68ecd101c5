/**
 * A small seeded random source (mulberry32), so the demo school is the same for the same seed on every
 * machine. Not for secrets: only for choosing names, times and marks.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** Whether a `probability` in [0, 1] came up. */
  chance(probability: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** `count` distinct elements of `items` (all of them when there are fewer), in list order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** A version-4-shaped UUID made from the stream, so row ids are deterministic too. */
  uuid(): string;
}

/** Creates the random source of `seed` (any integer). */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  function next(): number {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }
  function int(min: number, max: number): number {
    return min + Math.floor(next() * (max - min + 1));
  }
  function pick<T>(items: readonly T[]): T {
    const item = items[int(0, items.length - 1)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  function hex(): string {
    return Math.floor(next() * 65_536)
      .toString(16)
      .padStart(4, '0');
  }
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    sample(items, count) {
      if (count >= items.length) return [...items];
      const chosen = new Set<number>();
      while (chosen.size < count) chosen.add(int(0, items.length - 1));
      return [...chosen].sort((a, b) => a - b).flatMap((index) => items.slice(index, index + 1));
    },
    uuid() {
      const variant = (8 + int(0, 3)).toString(16);
      return `${hex()}${hex()}-${hex()}-4${hex().slice(1)}-${variant}${hex().slice(1)}-${hex()}${hex()}${hex()}`;
    },
  };
}
