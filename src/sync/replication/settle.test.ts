import { afterEach, describe, expect, it } from 'vitest';
import { masterRow, openTestDatabase } from '../../db/database-test-helper';
import type { SchoolDatabase } from '../../db/open-database';
import { markPending, pendingEntries } from '../../db/outbox';
import { createCheckpointStep } from './checkpoint';
import { masterCore } from './core-test-helper';
import { settleIdleWrites, writesPushedAsStored, writesWithNothingToSend } from './settle';
import { createStoreStep } from './store';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

const room = (id: string, name: string, updatedAt: number) => ({
  ...masterRow({ id, kind: 'rooms', name, updatedAt }),
  _deleted: false,
});

describe('writes with nothing to send', () => {
  it('keep a row stored with other values than the server’s waiting: a write the replication has not seen yet', () => {
    const now = 1_000_000;
    const onServer = room('a', 'Room A', 3);
    const server = new Map([
      ['a', onServer],
      ['b', room('b', 'Room B', 4)],
    ]);
    const stored = new Map([
      ['a', { ...onServer }],
      ['b', room('b', 'Lab B', 4)],
      ['new', room('new', 'New room', 0)],
    ]);
    const stale = [
      { docId: 'a', at: now - 10 },
      { docId: 'b', at: now - 10 },
      { docId: 'new', at: now - 10 },
      { docId: 'unstored', at: now - 10 },
      { docId: 'failed', at: now - 61_000 },
    ];
    expect(writesWithNothingToSend(stale, stored, server, now).map((entry) => entry.docId)).toEqual([
      'a',
      'failed',
    ]);
  });

  it('of a collection the user never pushes, are all the writes left when it goes idle', async () => {
    database = await openTestDatabase('settle');
    const core = masterCore(database, { push: false });
    const now = Date.now();
    await markPending(database, 'master', 'room-a', false, now - 10);
    await markPending(database, 'master', 'room-b', false, now + 10);
    await settleIdleWrites(core, createStoreStep(core, createCheckpointStep(core)), now);
    expect([...(await pendingEntries(database, 'master', ['room-a', 'room-b'])).keys()]).toEqual(['room-b']);
  });
});

describe('writes a push settles', () => {
  it('are those of rows it sent as they are stored, not a state the user has written over since', () => {
    const entries = new Map([
      ['a', 'entry a'],
      ['b', 'entry b'],
    ]);
    const pushed = [{ newDocumentState: room('a', 'A', 1) }, { newDocumentState: room('b', 'Draft', 1) }];
    const stored = [{ ...room('a', 'A', 1), _meta: { lwt: 1 }, _rev: '1-x' }, room('b', 'Registered', 1)];
    expect(writesPushedAsStored(pushed, stored, entries)).toEqual(['entry a']);
  });
});
