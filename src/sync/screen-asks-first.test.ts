import { afterEach, describe, expect, it } from 'vitest';
import { askAheadForRows, forgetAheadRows, markSubjectAhead } from '../db/ahead-asks';
import { openTestDatabase } from '../db/database-test-helper';
import { askForSubject, storeHeldSubjects } from '../db/demand-subjects';
import type { SchoolDatabase } from '../db/open-database';
import { markPending, pendingEntries, settlePending } from '../db/outbox';
import { markFirstPullDone } from '../db/sync-state';
import { ASK_HOLDS_MS, screenAsksFirst } from './screen-asks-first';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

describe('a first sync yielding to what screens wait for', () => {
  it('holds the first pulls back while a row or a subject asked for has not come, and no longer than a while', async () => {
    database = await openTestDatabase('asks-first');
    const clock = { now: 1_000_000 };
    const gate = screenAsksFirst(
      database,
      { ahead: ['subjects', 'schedules'], bySubject: ['attendance'] },
      { now: () => clock.now },
    );
    expect(await gate.held('people')).toBe(false);

    // A class a screen waits for.
    await askAheadForRows(database, 'subjects', ['class-1']);
    expect(await gate.held('people')).toBe(true);
    // Its subject came ahead (the row is let go of and the subject opened, as the worker does).
    await forgetAheadRows(database, 'subjects', ['class-1']);
    await markSubjectAhead(database, 'subjects', 'subject-1');
    await askForSubject(database, 'subject-1', clock.now);
    // The sittings and the marks of that subject have not come yet.
    expect(await gate.held('people')).toBe(true);
    await markSubjectAhead(database, 'schedules', 'subject-1');
    expect(await gate.held('people')).toBe(true);
    await storeHeldSubjects(database, 'attendance', { held: ['subject-1'], filled: ['subject-1'] });
    expect(await gate.held('people')).toBe(false);

    // A collection whose first pull is done has all its rows: nothing of it is waited for.
    await askForSubject(database, 'subject-2', clock.now);
    await storeHeldSubjects(database, 'attendance', {
      held: ['subject-1', 'subject-2'],
      filled: ['subject-1', 'subject-2'],
    });
    await markFirstPullDone(database, 'subjects');
    await markFirstPullDone(database, 'schedules');
    expect(await gate.held('people')).toBe(false);

    // An ask that never comes holds the pulls back for ASK_HOLDS_MS at most.
    await askForSubject(database, 'subject-3', clock.now);
    expect(await gate.held('people')).toBe(true);
    clock.now += ASK_HOLDS_MS - 1;
    expect(await gate.held('people')).toBe(true);
    clock.now += 1;
    expect(await gate.held('people')).toBe(false);
  });

  it('lets one collection fetch a page of its first pull at a time', async () => {
    database = await openTestDatabase('asks-first-turns');
    const gate = screenAsksFirst(database, { ahead: [], bySubject: [] }, { oneAtATime: true });
    expect(await gate.held('people')).toBe(false);
    // People fetch: the others wait their turn.
    expect(await gate.held('subjects')).toBe(true);
    expect(await gate.held('lessons')).toBe(true);
    // People may go on to its next page once this one has come, as may the next collection.
    gate.fetched('people');
    expect(await gate.held('subjects')).toBe(false);
    expect(await gate.held('people')).toBe(true);
    gate.fetched('subjects');
    expect(await gate.held('people')).toBe(false);

    // Where the first sync is short, the pulls go side by side.
    const sideBySide = screenAsksFirst(database, { ahead: [], bySubject: [] });
    expect(await sideBySide.held('people')).toBe(false);
    expect(await sideBySide.held('subjects')).toBe(false);
  });

  it('lets a collection the user pushes go freely from the first write to it', async () => {
    database = await openTestDatabase('asks-first-written');
    const gate = screenAsksFirst(database, { ahead: ['subjects'], bySubject: [] }, { oneAtATime: true });
    await askAheadForRows(database, 'subjects', ['class-1']);
    expect(await gate.held('notes', true)).toBe(true);
    // A note written (its entry waits in the outbox): the pull of notes no longer waits, even for its turn.
    await markPending(database, 'notes', 'note-1', false, Date.now());
    expect(await gate.held('notes', true)).toBe(false);
    expect(await gate.held('people')).toBe(true);
    // Once pushed, it still goes freely: the server's own changes to the row come only with the pull.
    await settlePending(database, [...(await pendingEntries(database, 'notes', ['note-1'])).values()]);
    expect(await gate.held('notes', true)).toBe(false);
  });
});
