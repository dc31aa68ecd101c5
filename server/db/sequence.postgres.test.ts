import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../domain/roles';
import { masterCollection } from '../modules/master/collection';
import { pullCollection } from '../sync/engine';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import { type DatabaseHandle, openDatabase } from './client';
import { universities } from './schema';
import { nextSequence } from './sequence';

// Runs only against PostgreSQL (TEST_DATABASE_URL; see vitest.config.ts): several sessions interleave there.
const reader = { id: '00000000-0000-4000-8000-000000000001', role: Role.student } as const;
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

type Checkpoint = Parameters<typeof pullCollection>[3];
const pull = (checkpoint: Checkpoint) =>
  pullCollection(database.db, masterCollection, reader, checkpoint, 1000);

/**
 * Pulls from `checkpoint` until the names pulled number `count`, for at most ten seconds. Transaction ids and
 * the oldest one running are the whole server's: a transaction of another database on it (another test
 * file's, run alongside) holds the horizon back for a moment, so a committed row may come a pull later.
 */
async function pullUntil(checkpoint: Checkpoint, count: number) {
  const names: string[] = [];
  let at = checkpoint;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const page = await pull(at);
    names.push(...page.documents.map((doc) => doc.name));
    at = page.checkpoint;
    if (names.length >= count || Date.now() > deadline) return { names, checkpoint: at };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('change sequence under concurrent writers', () => {
  it('a writer that commits after a later one is never skipped, and neither waits for the other', async () => {
    const start = await pull(null);
    const firstMayCommit = gate();
    const firstWrote = gate();

    // The first writer takes the lower sequence and stays open.
    const first = database.db.transaction(async (tx) => {
      const seq = await nextSequence(tx);
      await tx.insert(universities).values({ name: 'first', seq });
      firstWrote.open();
      await firstMayCommit.promise;
      return seq;
    });
    await firstWrote.promise;

    // The second writer takes a higher sequence and commits while the first is still open: no lock held it.
    const secondSeq = await database.db.transaction(async (tx) => {
      const seq = await nextSequence(tx);
      await tx.insert(universities).values({ name: 'second', seq });
      return seq;
    });

    // The committed second row waits behind the open first one, so the checkpoint cannot pass the first.
    const whileFirstOpen = await pull(start.checkpoint);
    expect(whileFirstOpen.documents).toEqual([]);
    expect(whileFirstOpen.checkpoint).toEqual(start.checkpoint);

    firstMayCommit.open();
    const firstSeq = await first;
    expect(secondSeq).toBeGreaterThan(firstSeq);
    const after = await pullUntil(whileFirstOpen.checkpoint, 2);
    expect(after.names).toEqual(['first', 'second']);
  });

  it('eight writers committing in random order lose no row to a reader polling all along', async () => {
    const start = await pull(null);
    // Eight open writers and the reader fit the pool of ten connections.
    const gates = Array.from({ length: 8 }, () => gate());
    const wrote = Array.from({ length: 8 }, () => gate());
    const writers = gates.map((mayCommit, index) =>
      database.db.transaction(async (tx) => {
        const seq = await nextSequence(tx);
        await tx.insert(universities).values({ name: `w${index}`, seq });
        wrote[index]?.open();
        await mayCommit.promise;
      }),
    );
    await Promise.all(wrote.map((w) => w.promise));

    const seen: string[] = [];
    let checkpoint = start.checkpoint;
    // A fixed shuffled commit order; the reader pulls after each commit.
    const order = [5, 2, 7, 0, 3, 6, 1, 4];
    for (const index of order) {
      gates[index]?.open();
      await writers[index];
      const page = await pull(checkpoint);
      seen.push(...page.documents.map((doc) => doc.name));
      checkpoint = page.checkpoint;
    }
    seen.push(...(await pullUntil(checkpoint, 8 - seen.length)).names);
    expect(seen).toHaveLength(8);
    expect([...seen].sort()).toEqual(Array.from({ length: 8 }, (_, index) => `w${index}`).sort());
  });
});
