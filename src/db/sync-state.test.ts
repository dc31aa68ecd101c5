import { firstValueFrom } from 'rxjs';
import { filter } from 'rxjs/operators';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from './database-test-helper';
import type { SchoolDatabase } from './open-database';
import { type FirstPullProgress, firstSyncProgress$, storeFirstSyncProgress } from './sync-state';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

async function device(): Promise<SchoolDatabase> {
  database = await openTestDatabase('first-sync-record');
  return database;
}

const progress: FirstPullProgress[] = [
  { collection: 'master', pulled: 67, total: 67, done: true },
  { collection: 'attendance', pulled: 2140, total: 4146, done: false },
  { collection: 'lessons', pulled: 0, total: null, done: false },
];

describe('the first sync record', () => {
  // Every tab reads the record from the database (RxDB carries local documents between tabs, as it does the
  // first-pull marks); the two-tabs e2e spec shows a second tab's numbers.
  it('is read back as the replicating worker stored it, and is empty before it stores any', async () => {
    const leader = await device();
    expect(await firstValueFrom(firstSyncProgress$(leader))).toEqual([]);
    const seen = firstValueFrom(firstSyncProgress$(leader).pipe(filter((list) => list.length > 0)));
    await storeFirstSyncProgress(leader, progress);
    expect(await seen).toEqual(progress);
  });

  it('reads as nothing when it names a collection the app does not replicate or counts below zero', async () => {
    const leader = await device();
    for (const wrong of [
      [{ collection: 'outbox', pulled: 0, total: 0, done: true }],
      [{ collection: 'master', pulled: -1, total: 3, done: false }],
      [{ collection: 'master', pulled: 1, done: false }],
    ]) {
      await leader.upsertLocal('first-sync-progress', { collections: wrong });
      expect(await firstValueFrom(firstSyncProgress$(leader))).toEqual([]);
    }
  });
});
