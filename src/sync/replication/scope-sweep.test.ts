import { afterEach, describe, expect, it } from 'vitest';
import { masterRow, openTestDatabase } from '../../db/database-test-helper';
import type { SchoolDatabase } from '../../db/open-database';
import { markPending } from '../../db/outbox';
import { scopeSweepPending, startScopeSweep } from '../../db/sync-state';
import { masterCore } from './core-test-helper';
import { createScopeSweep } from './scope-sweep';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

const doc = (id: string) => ({
  ...masterRow({ id, kind: 'rooms', name: id, updatedAt: 2 }),
  _deleted: false,
});

describe('the scope sweep', () => {
  it('starts when the server answers under a new scope, and its last page deletes what the re-pull left out', async () => {
    database = await openTestDatabase('sweep');
    await database.master.bulkInsert(
      ['a', 'b', 'c', 'd'].map((id) => masterRow({ id, kind: 'rooms', name: id })),
    );
    await markPending(database, 'master', 'd', false, Date.now());
    const sweep = createScopeSweep(masterCore(database));
    await sweep.resume();
    // Same scope: no sweep, pages pass as they are.
    await sweep.notePage({ updatedAt: 3, id: 'x', scope: 's1' }, { updatedAt: 4, id: 'y', scope: 's1' });
    expect(sweep.startsOver()).toBe(false);
    expect(await sweep.sweep([doc('a')], 2)).toEqual([doc('a')]);

    await sweep.notePage({ updatedAt: 3, id: 'x', scope: 's1' }, { updatedAt: 1, id: 'a', scope: 's2' });
    expect(sweep.startsOver()).toBe(true);
    expect(await scopeSweepPending(database, 'master')).toBe(true);
    expect(await sweep.sweep([doc('a'), doc('b')], 2)).toEqual([doc('a'), doc('b')]);
    // The last page: 'c' left the scope; 'd' holds a write still waiting, which the push settles.
    const last = await sweep.sweep([], 2);
    expect(last.map((row) => [row.id, row._deleted])).toEqual([['c', true]]);
    expect(await scopeSweepPending(database, 'master')).toBe(false);
    expect(await sweep.sweep([doc('a')], 2)).toEqual([doc('a')]);
  });

  it('starts over after a restart that cut it short (the ids it had seen were only in memory)', async () => {
    database = await openTestDatabase('sweep');
    await startScopeSweep(database, 'master');
    const sweep = createScopeSweep(masterCore(database));
    expect(sweep.startsOver()).toBe(false);
    await sweep.resume();
    expect(sweep.startsOver()).toBe(true);
  });
});
