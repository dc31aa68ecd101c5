import { afterEach, describe, expect, it } from 'vitest';
import { masterRow, openTestDatabase } from '../../db/database-test-helper';
import type { SchoolDatabase } from '../../db/open-database';
import { markPending } from '../../db/outbox';
import { pullRewind, rewindPull } from '../../db/sync-state';
import { createCheckpointStep, passedBy, rewoundFrom } from './checkpoint';
import { masterCore } from './core-test-helper';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

describe('where a pull starts', () => {
  it('goes back to a rewind before the checkpoint under its scope version, and never forward', () => {
    const checkpoint = { updatedAt: 9, id: 'b', scope: 's1' };
    expect(rewoundFrom(checkpoint, 4)).toEqual({ updatedAt: 4, id: '', scope: 's1' });
    expect(rewoundFrom(checkpoint, 12)).toBe(checkpoint);
    expect(rewoundFrom(checkpoint, null)).toBe(checkpoint);
    expect(rewoundFrom(undefined, 4)).toBeUndefined();
  });

  it('counts a row as passed when its state lies at or before the checkpoint, in (sequence, id) order', () => {
    const checkpoint = { updatedAt: 9, id: 'm' };
    expect(passedBy({ id: 'z', updatedAt: 8 }, checkpoint)).toBe(true);
    expect(passedBy({ id: 'a', updatedAt: 9 }, checkpoint)).toBe(true);
    expect(passedBy({ id: 'm', updatedAt: 9 }, checkpoint)).toBe(true);
    expect(passedBy({ id: 'n', updatedAt: 9 }, checkpoint)).toBe(false);
    expect(passedBy({ id: 'a', updatedAt: 10 }, checkpoint)).toBe(false);
  });

  it('starts from the stored rewind, which a page pulled from it ends', async () => {
    database = await openTestDatabase('checkpoint');
    const step = createCheckpointStep(masterCore(database));
    expect(await step.start({ updatedAt: 9, id: 'b' })).toEqual({
      rewind: null,
      from: { updatedAt: 9, id: 'b' },
    });
    await rewindPull(database, 'master', 4);
    const start = await step.start({ updatedAt: 9, id: 'b' });
    expect(start).toEqual({ rewind: 4, from: { updatedAt: 4, id: '' } });
    await step.pulledFrom(start.rewind);
    expect(await pullRewind(database, 'master')).toBeNull();
  });
});

describe('rows a pull passed while they held a local write', () => {
  it('make the next pull start again from the oldest stored state, once no write of theirs waits', async () => {
    database = await openTestDatabase('checkpoint');
    const step = createCheckpointStep(masterCore(database));
    const older = masterRow({ id: 'room-a', kind: 'rooms', name: 'A (mine)', updatedAt: 5 });
    const waiting = masterRow({ id: 'room-b', kind: 'rooms', name: 'B (mine)', updatedAt: 3 });
    await database.master.bulkInsert([older, waiting]);
    await markPending(database, 'master', 'room-b', false, Date.now());
    const page = [
      { ...older, name: 'A', updatedAt: 12, _deleted: false },
      { ...waiting, name: 'B', updatedAt: 11, _deleted: false },
    ];
    const stored = new Map([
      ['room-a', { ...older, _deleted: false }],
      ['room-b', { ...waiting, _deleted: false }],
    ]);
    // No record of the server's state: both hold a local write.
    step.notePassedLocalWrites(page, stored, new Map(), new Map(), new Set());
    await step.rereadPassedRows();
    // room-b still waits for its push; room-a is stored at 5, older than the 12 the pull passed.
    expect(await pullRewind(database, 'master')).toBe(5);
  });

  it('are not noted when the page brings nothing newer, or the row was only stored unrecorded', async () => {
    database = await openTestDatabase('checkpoint');
    const step = createCheckpointStep(masterCore(database));
    const row = { ...masterRow({ id: 'room-a', kind: 'rooms', name: 'A', updatedAt: 5 }), _deleted: false };
    await database.master.insert(row);
    step.notePassedLocalWrites([row], new Map([['room-a', row]]), new Map(), new Map(), new Set());
    step.notePassedLocalWrites(
      [{ ...row, updatedAt: 8 }],
      new Map([['room-a', row]]),
      new Map(),
      new Map(),
      new Set(['room-a']),
    );
    await step.rereadPassedRows();
    expect(await pullRewind(database, 'master')).toBeNull();
  });
});
