import Dexie from 'dexie';
import { IDBKeyRange, IDBObjectStore, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rangeReadsMiddleware } from './range-reads';

type Row = { id: string; n: number };

/** Row ids as RxDB's are: strings, here with a gap after every tenth so some asked keys are missing. */
const ids = Array.from({ length: 400 }, (_, index) => `row-${String(index).padStart(4, '0')}`);
const stored = ids.filter((_, index) => index % 10 !== 9);

function openDexie(name: string, withRangeReads: boolean): Dexie {
  const db = new Dexie(name, {
    indexedDB,
    IDBKeyRange,
    addons: withRangeReads ? [(dexie) => dexie.use(rangeReadsMiddleware)] : [],
  });
  db.version(1).stores({ rows: 'id, n' });
  return db;
}

describe('rangeReadsMiddleware', () => {
  const plain = openDexie('range-reads-plain', false);
  const ranged = openDexie('range-reads-ranged', true);

  beforeAll(async () => {
    for (const db of [plain, ranged]) {
      await db.table<Row>('rows').bulkPut(stored.map((id, n) => ({ id, n })));
    }
  });
  afterAll(async () => {
    await plain.delete();
    await ranged.delete();
  });

  /** The same read through both databases: the answers must be equal; answers the IndexedDB `get`s it sent. */
  async function readBoth(keys: string[]) {
    const expected = await plain.table<Row>('rows').bulkGet(keys);
    const gets = vi.spyOn(IDBObjectStore.prototype, 'get');
    try {
      const answer = await ranged.table<Row>('rows').bulkGet(keys);
      expect(answer).toEqual(expected);
      return gets.mock.calls.length;
    } finally {
      gets.mockRestore();
    }
  }

  it('answers a dense read of many keys, missing ones included, in the keys’ order with one range read', async () => {
    const keys = ids.slice(50, 250).reverse();
    expect(await readBoth(keys)).toBe(0);
  });

  it('answers keys that are all missing (a first sync’s page) without a read a key', async () => {
    const keys = Array.from({ length: 100 }, (_, index) => `new-${index}`);
    expect(await readBoth(keys)).toBe(0);
  });

  it('answers repeated keys once each where they stand', async () => {
    const keys = [...ids.slice(0, 40), ...ids.slice(0, 40)];
    expect(await readBoth(keys)).toBe(0);
  });

  it('reads each key when the keys are sparse in a range holding many more rows', async () => {
    const keys = ids.filter((_, index) => index % 20 === 0);
    expect(keys.length).toBeGreaterThanOrEqual(20);
    expect(await readBoth([...keys, ...keys.map((key) => `${key}-x`)])).toBeGreaterThan(0);
  });

  it('reads each key of a short read, as Dexie does', async () => {
    expect(await readBoth(ids.slice(0, 5))).toBe(5);
  });
});
