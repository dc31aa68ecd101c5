import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { universities } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import { pullMaster } from './master';
import { nextSequence, SyncScope } from './sequence';

// Runs only against PostgreSQL (TEST_DATABASE_URL; see vitest.config.ts): PGlite is one session, so its
// transactions run one after another and cannot interleave.
let testDatabase: TestDatabase;
let database: DatabaseHandle;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase(testDatabase.config);
  await database.withStartupLock(() => database.migrate());
});

afterAll(async () => {
  await database.close();
  await testDatabase.drop();
});

/** A promise with its resolve function, to hold a transaction open until the test lets it go. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('change sequence under concurrent writers', () => {
  it('a writer that takes its sequence second cannot commit first, so a pull between them skips nothing', async () => {
    const start = await pullMaster(database.db, null, 1000);
    const firstMayCommit = gate();
    const secondMayCommit = gate();
    let secondSeq: number | undefined;

    const first = database.db.transaction(async (tx) => {
      const seq = await nextSequence(tx, SyncScope.master);
      await tx.insert(universities).values({ name: 'first', seq });
      await firstMayCommit.promise;
      return seq;
    });
    await sleep(100);
    const second = database.db.transaction(async (tx) => {
      secondSeq = await nextSequence(tx, SyncScope.master);
      await tx.insert(universities).values({ name: 'second', seq: secondSeq });
      await secondMayCommit.promise;
      return secondSeq;
    });

    // The second writer is held on the counter row while the first is open.
    await sleep(300);
    expect(secondSeq).toBeUndefined();
    const whileBothOpen = await pullMaster(database.db, start.checkpoint, 1000);
    expect(whileBothOpen.documents).toEqual([]);

    firstMayCommit.open();
    const firstSeq = await first;
    await waitFor(() => secondSeq !== undefined);
    expect(secondSeq).toBe(firstSeq + 1);
    const between = await pullMaster(database.db, start.checkpoint, 1000);
    expect(between.documents.map((doc) => doc.name)).toEqual(['first']);

    secondMayCommit.open();
    await second;
    const rest = await pullMaster(database.db, between.checkpoint, 1000);
    expect(rest.documents.map((doc) => [doc.name, doc.updatedAt])).toEqual([['second', firstSeq + 1]]);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 100 && !condition(); attempt++) await sleep(20);
  if (!condition()) throw new Error('condition not reached');
}
