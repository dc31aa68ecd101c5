import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../domain/roles';
import { masterCollection } from '../modules/master/collection';
import { pullCollection } from '../sync/engine';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import { type DatabaseHandle, openDatabase } from './client';
import { universities } from './schema';
import { nextSequence } from './sequence';

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

const pull = (checkpoint: Parameters<typeof pullCollection>[3]) =>
  pullCollection(database.db, masterCollection, reader, checkpoint, 1000);

describe('change sequence', () => {
  it('gives each committed write a higher sequence than the one before', async () => {
    const seqs: number[] = [];
    for (const name of ['one', 'two', 'three']) {
      await database.db.transaction(async (tx) => {
        const seq = await nextSequence(tx);
        await tx.insert(universities).values({ name, seq });
        seqs.push(seq);
      });
    }
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(3);
    const page = await pull(null);
    expect(page.documents.map((doc) => doc.name)).toEqual(['one', 'two', 'three']);
  });

  it('leaves nothing to pull when a writing transaction rolls back', async () => {
    const before = await pull(null);
    await expect(
      database.db.transaction(async (tx) => {
        const seq = await nextSequence(tx);
        await tx.insert(universities).values({ name: 'rolled back', seq });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const after = await pull(before.checkpoint);
    expect(after.documents).toEqual([]);
  });

  it('a pull started while a writer is open still sees that writer once it commits', async () => {
    // On PGlite (one session) the pull queues behind the open transaction; on PostgreSQL the watermark
    // holds it back. Either way the row is not skipped.
    const start = await pull(null);
    let release = () => {};
    const mayCommit = new Promise<void>((resolve) => {
      release = resolve;
    });
    let wrote = () => {};
    const written = new Promise<void>((resolve) => {
      wrote = resolve;
    });
    const writer = database.db.transaction(async (tx) => {
      const seq = await nextSequence(tx);
      await tx.insert(universities).values({ name: 'late', seq });
      wrote();
      await mayCommit;
    });
    await written;
    const during = pull(start.checkpoint);
    release();
    await writer;
    const first = await during;
    const rest = await pull(first.checkpoint);
    expect([...first.documents, ...rest.documents].map((doc) => doc.name)).toEqual(['late']);
  });
});
