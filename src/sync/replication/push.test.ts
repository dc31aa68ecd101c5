import { afterEach, describe, expect, it } from 'vitest';
import { masterRow, openTestDatabase } from '../../db/database-test-helper';
import type { SchoolDatabase } from '../../db/open-database';
import { markPending, pendingEntries, sentPushes } from '../../db/outbox';
import type { FetchLike } from '../http';
import { createCheckpointStep } from './checkpoint';
import { masterCore, TEST_BASE_URL } from './core-test-helper';
import { createPushStep, requestKey, revived, sortQueued } from './push';
import { createRetry } from './retry';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

const room = (id: string, updatedAt: number, deleted = false) => ({
  ...masterRow({ id, kind: 'rooms', name: id, updatedAt }),
  _deleted: deleted,
});

describe('a push request’s key', () => {
  it('is 128 random bits in hex, fresh each time', () => {
    const keys = new Set(Array.from({ length: 20 }, requestKey));
    expect(keys.size).toBe(20);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('the rows RxDB hands the push', () => {
  it('leave out unrecorded pulls, and, kept by subject, drops whose record was lost; a deleted write goes live', () => {
    const waiting = new Map([['written', {}]]);
    const queued = [
      { newDocumentState: room('unrecorded', 5), assumedMasterState: room('unrecorded', 2) },
      { newDocumentState: room('dropped', 0, true) },
      { newDocumentState: room('written', 5, true), assumedMasterState: room('written', 5) },
      { newDocumentState: room('new', 0) },
    ];
    const whole = sortQueued(queued, waiting, false);
    expect(whole.unrecorded.map((row) => row.newDocumentState.id)).toEqual(['unrecorded']);
    expect(whole.rows.map((row) => row.newDocumentState.id)).toEqual(['dropped', 'written', 'new']);
    const bySubject = sortQueued(queued, waiting, true);
    expect(bySubject.dropped.map((row) => row.newDocumentState.id)).toEqual(['dropped']);
    expect(bySubject.rows.map((row) => [row.newDocumentState.id, row.newDocumentState._deleted])).toEqual([
      ['written', false],
      ['new', false],
    ]);
    const live = { newDocumentState: room('live', 1) };
    expect(revived(live)).toBe(live);
  });
});

describe('the push step', () => {
  it('sends online and offline writes in their own requests, records each before it leaves, and settles them', async () => {
    database = await openTestDatabase('push');
    const bodies: { offline: boolean; ids: string[] }[] = [];
    const fetchImpl: FetchLike = async (_input, init) => {
      const rows = JSON.parse(String(init?.body)).rows as {
        newDocumentState: { id: string; name: string };
      }[];
      const offline = new Headers(init?.headers).get('x-offline-origin') === '1';
      bodies.push({ offline, ids: rows.map((row) => row.newDocumentState.id) });
      const written = rows.map((row) => ({ ...row.newDocumentState, updatedAt: 9 }));
      return new Response(JSON.stringify({ conflicts: [], written }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    };
    const core = masterCore(database, {
      request: { fetchImpl, baseUrl: TEST_BASE_URL, clientBuild: 'test', csrfToken: { current: 't' } },
    });
    const push = createPushStep({
      core,
      retry: createRetry({ ...core.options, retryMs: { min: 1, max: 1 } }),
      checkpoint: createCheckpointStep(core),
    });
    const online = masterRow({ id: 'room-on', kind: 'rooms', name: 'On', updatedAt: 0 });
    const offline = masterRow({ id: 'room-off', kind: 'rooms', name: 'Off', updatedAt: 0 });
    await markPending(database, 'master', 'room-on', false, Date.now());
    await markPending(database, 'master', 'room-off', true, Date.now());
    await database.master.bulkInsert([online, offline]);
    const back = await push.handler([
      { newDocumentState: { ...online, _deleted: false } },
      { newDocumentState: { ...offline, _deleted: false } },
    ]);
    expect(bodies).toEqual([
      { offline: false, ids: ['room-on'] },
      { offline: true, ids: ['room-off'] },
    ]);
    // Both taken with a new sequence: RxDB gets them back, so the local copies take it.
    expect(back.map((doc) => [doc.id, doc.updatedAt])).toEqual([
      ['room-on', 9],
      ['room-off', 9],
    ]);
    expect(await pendingEntries(database, 'master', ['room-on', 'room-off'])).toEqual(new Map());
    expect(await sentPushes(database, 'master')).toHaveLength(2);
    // The rows stored locally still hold sequence 0: their requests stay until RxDB stores the answers.
    await push.forgetSettledPushes(Date.now());
    expect(await sentPushes(database, 'master')).toHaveLength(2);
    await push.forgetSettledPushes(Date.now() + 25 * 60 * 60 * 1000);
    expect(await sentPushes(database, 'master')).toHaveLength(0);
  });
});
