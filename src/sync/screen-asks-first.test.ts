import { afterEach, describe, expect, it } from 'vitest';
import { askAheadForRows, forgetAheadRows, markSubjectAhead } from '../db/ahead-asks';
import { openTestDatabase } from '../db/database-test-helper';
import { askForSubject, storeHeldSubjects } from '../db/demand-subjects';
import type { SchoolDatabase } from '../db/open-database';
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
      () => clock.now,
    );
    expect(await gate.held()).toBe(false);

    // A class a screen waits for.
    await askAheadForRows(database, 'subjects', ['class-1']);
    expect(await gate.held()).toBe(true);
    // Its subject came ahead (the row is let go of and the subject opened, as the worker does).
    await forgetAheadRows(database, 'subjects', ['class-1']);
    await markSubjectAhead(database, 'subjects', 'subject-1');
    await askForSubject(database, 'subject-1', clock.now);
    // The sittings and the marks of that subject have not come yet.
    expect(await gate.held()).toBe(true);
    await markSubjectAhead(database, 'schedules', 'subject-1');
    expect(await gate.held()).toBe(true);
    await storeHeldSubjects(database, 'attendance', { held: ['subject-1'], filled: ['subject-1'] });
    expect(await gate.held()).toBe(false);

    // A collection whose first pull is done has all its rows: nothing of it is waited for.
    await askForSubject(database, 'subject-2', clock.now);
    await storeHeldSubjects(database, 'attendance', {
      held: ['subject-1', 'subject-2'],
      filled: ['subject-1', 'subject-2'],
    });
    await markFirstPullDone(database, 'subjects');
    await markFirstPullDone(database, 'schedules');
    expect(await gate.held()).toBe(false);

    // An ask that never comes holds the pulls back for ASK_HOLDS_MS at most.
    await askForSubject(database, 'subject-3', clock.now);
    expect(await gate.held()).toBe(true);
    clock.now += ASK_HOLDS_MS - 1;
    expect(await gate.held()).toBe(true);
    clock.now += 1;
    expect(await gate.held()).toBe(false);
  });
});
