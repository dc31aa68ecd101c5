import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { universities } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import { pullMaster } from './master';
import { nextSequence, SyncScope } from './sequence';

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

describe('change sequence', () => {
  it('gives each committed write a higher sequence than the one before', async () => {
    const seqs: number[] = [];
    for (const name of ['one', 'two', 'three']) {
      await database.db.transaction(async (tx) => {
        const seq = await nextSequence(tx, SyncScope.master);
        await tx.insert(universities).values({ name, seq });
        seqs.push(seq);
      });
    }
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(3);
    const page = await pullMaster(database.db, null, 1000);
    expect(page.documents.map((doc) => doc.name)).toEqual(['one', 'two', 'three']);
  });

  it('leaves nothing to pull when a writing transaction rolls back', async () => {
    const before = await pullMaster(database.db, null, 1000);
    await expect(
      database.db.transaction(async (tx) => {
        const seq = await nextSequence(tx, SyncScope.master);
        await tx.insert(universities).values({ name: 'rolled back', seq });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const after = await pullMaster(database.db, before.checkpoint, 1000);
    expect(after.documents).toEqual([]);
  });
});
