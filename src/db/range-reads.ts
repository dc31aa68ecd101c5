import type { DBCore, DBCoreGetManyRequest, DBCoreKeyRange, DBCoreTable, Middleware } from 'dexie';

/** Below this many keys a read asks IndexedDB for each key, as Dexie does. */
const RANGE_READ_MIN_KEYS = 32;

/** A read goes by range when the range between its lowest and highest key holds at most this many rows a key. */
const RANGE_READ_MAX_ROWS_PER_KEY = 2;

// Dexie's `DBCoreRangeType.Range`: a const enum, which this build's isolated modules cannot import.
const RANGE: DBCoreKeyRange['type'] = 2;

/**
 * Reads many rows by primary key with two IndexedDB requests instead of one a key, when the keys are
 * dense in their range. RxDB asks for every row of a pulled page several times before and while storing it
 * (the rows held, RxDB's record of each, the rows again inside the write), 1,000 keys a time; Dexie sends a
 * `get` for each, and on a first sync almost every one answers "none". A Chromium profile of an admin's
 * first sync (`BENCH_SYNC_TRACE`, `npm run bench -- sync`) put a third of the sync worker's time there.
 * Here the rows between the lowest and highest key are counted first (one request); when there are few,
 * they are read in one request and the asked ones picked out, otherwise each key is read as before. The
 * answer is the same either way: the row of each key, in the keys' order, undefined where none is stored.
 */
function withRangeReads(table: DBCoreTable): DBCoreTable {
  const primaryKey = table.schema.primaryKey;
  const extractKey = primaryKey.extractKey;
  if (!extractKey) return table;
  return {
    ...table,
    async getMany(request: DBCoreGetManyRequest) {
      const keys: unknown[] = request.keys;
      if (keys.length < RANGE_READ_MIN_KEYS || !keys.every((key) => typeof key === 'string')) {
        return table.getMany(request);
      }
      // IndexedDB orders strings by UTF-16 code units, as the default sort does.
      const sorted = (keys as string[]).toSorted();
      const query = {
        index: primaryKey,
        range: { type: RANGE, lower: sorted[0], upper: sorted.at(-1), lowerOpen: false, upperOpen: false },
      };
      const held = await table.count({ trans: request.trans, query });
      if (held > keys.length * RANGE_READ_MAX_ROWS_PER_KEY) return table.getMany(request);
      const { result } = await table.query({ trans: request.trans, values: true, query });
      const byKey = new Map<unknown, unknown>(result.map((row) => [extractKey(row), row]));
      return keys.map((key) => byKey.get(key));
    },
  };
}

/** The Dexie middleware of `withRangeReads`, right above IndexedDB so that every layer's reads go through it. */
export const rangeReadsMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'RangeReads',
  level: -2,
  create: (down) => ({ ...down, table: (name) => withRangeReads(down.table(name)) }),
};
