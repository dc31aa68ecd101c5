import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Role } from '../../domain/roles';
import { SUBJECT_AHEAD_COLLECTIONS, SyncCollection } from '../../domain/sync';
import { ProvideDatabase } from './database-context';
import { openTestDatabase } from './database-test-helper';
import { storeHeldSubjects } from './demand-subjects';
import type { SchoolDatabase } from './open-database';
import { markFirstPullDone } from './sync-state';
import { useSubjectOnDevice } from './use-subject-on-demand';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

async function open() {
  const db = await openTestDatabase('on-demand');
  database = db;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ProvideDatabase database={db}>{children}</ProvideDatabase>
  );
  return { db, wrapper };
}

describe('useSubjectOnDevice on an admin’s device', () => {
  it('shows a screen once the class work it shows is here, not waiting for the rest of the subject’s', async () => {
    const { db, wrapper } = await open();
    for (const collection of SUBJECT_AHEAD_COLLECTIONS) await markFirstPullDone(db, collection);
    // The subject's marks have come; its scores are still on their way.
    await storeHeldSubjects(db, SyncCollection.attendance, { held: ['subject-1'], filled: ['subject-1'] });
    await storeHeldSubjects(db, SyncCollection.achievements, { held: ['subject-1'], filled: [] });

    const sheet = renderHook(
      () => useSubjectOnDevice('subject-1', Role.admin, true, [SyncCollection.attendance]),
      { wrapper },
    );
    const grid = renderHook(
      () => useSubjectOnDevice('subject-1', Role.admin, true, [SyncCollection.achievements]),
      { wrapper },
    );
    await waitFor(() => expect(sheet.result.current).toBe('here'));
    await waitFor(() => expect(grid.result.current).toBe('coming'));

    await storeHeldSubjects(db, SyncCollection.achievements, { held: ['subject-1'], filled: ['subject-1'] });
    await waitFor(() => expect(grid.result.current).toBe('here'));
  });

  it('waits for the subject’s sittings and lessons too, and says offline when they cannot come', async () => {
    const { db, wrapper } = await open();
    await storeHeldSubjects(db, SyncCollection.attendance, { held: ['subject-1'], filled: ['subject-1'] });

    const offline = renderHook(
      () => useSubjectOnDevice('subject-1', Role.admin, false, [SyncCollection.attendance]),
      { wrapper },
    );
    await waitFor(() => expect(offline.result.current).toBe('offline'));
    for (const collection of SUBJECT_AHEAD_COLLECTIONS) await markFirstPullDone(db, collection);
    await waitFor(() => expect(offline.result.current).toBe('here'));
  });

  it('is always here for a role that keeps its whole scope', () => {
    const { result } = renderHook(() =>
      useSubjectOnDevice('subject-1', Role.teacher, false, [SyncCollection.attendance]),
    );
    expect(result.current).toBe('here');
  });
});
