import { afterEach, describe, expect, it } from 'vitest';
import { masterRow, openTestDatabase } from '../../db/database-test-helper';
import type { SchoolDatabase } from '../../db/open-database';
import { type FirstPullProgress, isFirstPullDone } from '../../db/sync-state';
import { masterCore } from './core-test-helper';
import { createProgressStep } from './progress';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

const page = (ids: string[], remaining?: number) => ({
  documents: ids.map((id) => ({
    ...masterRow({ id, kind: 'rooms', name: id, updatedAt: 1 }),
    _deleted: false,
  })),
  ...(remaining !== undefined ? { remaining } : {}),
});

async function progressOf(done: boolean) {
  database = await openTestDatabase('progress');
  const heard: Omit<FirstPullProgress, 'collection'>[] = [];
  const steps: string[] = [];
  const progress = createProgressStep({
    options: {
      ...masterCore(database).options,
      firstPull: { done, onProgress: (step) => heard.push(step) },
    },
    pageStored: async () => {
      steps.push('stored');
    },
    afterDone: async () => {
      steps.push('after done');
    },
  });
  return { db: database, progress, heard, steps };
}

describe('the first pull’s progress', () => {
  it('asks for the count once, hears every page of how many, and is recorded done once its last page is stored', async () => {
    const { db, progress, heard, steps } = await progressOf(false);
    expect(progress.running()).toBe(true);
    expect(await progress.wantsCount(false)).toBe(true);
    await progress.notePage(page(['a', 'b'], 3), 2, 0);
    expect(await progress.wantsCount(false)).toBe(false);
    await progress.notePage(page(['c']), 2, null);
    expect(progress.running()).toBe(false);
    await expect.poll(() => isFirstPullDone(db, 'master')).toBe(true);
    expect(heard).toEqual([
      { pulled: 2, total: 5, done: false },
      { pulled: 3, total: 3, done: false },
      { pulled: 3, total: 3, done: true },
    ]);
    expect(steps).toEqual(['stored', 'after done']);
  });

  it('counts only rows new to the device, and a run resumed from a checkpoint counts on from the rows stored', async () => {
    const { db, progress, heard } = await progressOf(false);
    await db.master.bulkInsert([
      masterRow({ id: 'a', kind: 'rooms', name: 'a' }),
      masterRow({ id: 'b', kind: 'rooms', name: 'b' }),
    ]);
    expect(await progress.wantsCount(true)).toBe(true);
    // 'b' was stored by the cut run, found here by id.
    await progress.notePage(page(['b', 'c'], 4), 2, null);
    expect(heard).toEqual([{ pulled: 3, total: 7, done: false }]);
  });

  it('is neither counted nor heard once the first pull is done on this device', async () => {
    const { progress, heard } = await progressOf(true);
    expect(progress.running()).toBe(false);
    expect(await progress.wantsCount(false)).toBe(false);
    await progress.notePage(page(['a']), 2, 0);
    expect(heard).toEqual([]);
  });
});
