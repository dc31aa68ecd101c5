import { afterEach, describe, expect, it } from 'vitest';
import { masterRow, openTestDatabase } from '../../db/database-test-helper';
import type { SchoolDatabase } from '../../db/open-database';
import { createCheckpointStep } from './checkpoint';
import { masterCore } from './core-test-helper';
import { createStoreStep, holdsState, isUnrecordedPull } from './store';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

const row = (updatedAt: number, deleted = false) => ({
  ...masterRow({ id: 'room-a', kind: 'rooms', name: 'A', updatedAt }),
  _deleted: deleted,
});

describe('a row as the device holds it', () => {
  it('holds a pulled state at that sequence or a later one, but not as a deletion of the same sequence', () => {
    expect(holdsState(undefined, row(3))).toBe(false);
    expect(holdsState(row(3), row(3))).toBe(true);
    expect(holdsState(row(4), row(3))).toBe(true);
    expect(holdsState(row(2), row(3))).toBe(false);
    expect(holdsState(row(3, true), row(3))).toBe(false);
    expect(holdsState(row(3, true), row(3, true))).toBe(true);
  });

  it('is an unrecorded pull when it carries a server sequence newer than its record and no write waits', () => {
    const none = new Map<string, unknown>();
    expect(isUnrecordedPull(row(5), undefined, none)).toBe(true);
    expect(isUnrecordedPull(row(5), row(3), none)).toBe(true);
    expect(isUnrecordedPull(row(5), row(5), none)).toBe(false);
    // Never on the server, or a write of the user's waiting: left to the push.
    expect(isUnrecordedPull(row(0), undefined, none)).toBe(false);
    expect(isUnrecordedPull(row(5), undefined, new Map([['room-a', {}]]))).toBe(false);
  });
});

describe('the store step before RxDB runs', () => {
  it('reads nothing of an empty page, or of a collection the user never pushes, and has no page to wait for', async () => {
    database = await openTestDatabase('store');
    const pushed = masterCore(database);
    const store = createStoreStep(pushed, createCheckpointStep(pushed));
    expect(await store.checkStoredRowsOf([])).toBe(0);
    // Without RxDB's replication there is no record to read.
    expect(await store.checkStoredRowsOf([row(3)])).toBeNull();
    expect(await store.storedAndRecorded(['room-a'])).toBeNull();
    await store.pageStored();
    await store.pageRowsStored([]);
    const pullOnly = masterCore(database, { push: false });
    expect(
      await createStoreStep(pullOnly, createCheckpointStep(pullOnly)).checkStoredRowsOf([row(3)]),
    ).toBeNull();
  });
});
