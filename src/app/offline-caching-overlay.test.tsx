import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Role } from '../../domain/roles';
import type { SyncCollection } from '../../domain/sync';
import { ProvideDatabase } from '../db/database-context';
import { openTestDatabase } from '../db/database-test-helper';
import type { SchoolDatabase } from '../db/open-database';
import type { FirstPullProgress } from '../db/sync-state';
import { markFirstPullDone } from '../db/sync-state';
import { firstSyncStep } from './first-sync-progress';
import { CachingOverlay, OfflineCachingOverlay, showsCachingOverlay } from './offline-caching-overlay';

const ORDER: SyncCollection[] = [
  'master',
  'people',
  'attendance',
  'achievements',
  'stickies',
  'notifications',
  'requests',
  'notes',
  'subjects',
  'schedules',
  'lessons',
];

/** A teacher's first sync: the first `done` collections finished, the others as `pulling` says. */
function progress(
  done: number,
  pulling: Partial<Record<SyncCollection, { pulled: number; total: number | null }>> = {},
): FirstPullProgress[] {
  return ORDER.map((collection, index) => {
    if (index < done) return { collection, pulled: 10, total: 10, done: true };
    return { collection, pulled: 0, total: null, done: false, ...pulling[collection] };
  });
}

function renderOverlay(firstSync: readonly FirstPullProgress[]) {
  return render(
    <I18nProvider i18n={i18n}>
      <CachingOverlay firstSync={firstSync} />
    </I18nProvider>,
  );
}

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

describe('the first sync in the offline-caching overlay', () => {
  it('says which collection of how many it is bringing, and how many of its rows have come', () => {
    renderOverlay(progress(2, { attendance: { pulled: 2140, total: 4146 } }));
    const overlay = screen.getByRole('alertdialog', { name: 'Preparing data for offline use…' });
    expect(overlay.textContent).toContain('Syncing 3 of 11: Attendance, 2,140 / 4,146');
    const bar = screen.getByRole('progressbar', { name: 'First sync' });
    expect(bar.getAttribute('aria-valuenow')).toBe('2140');
    expect(bar.getAttribute('aria-valuemax')).toBe('4146');
    expect(bar.getAttribute('aria-valuetext')).toBe('Syncing 3 of 11: Attendance, 2,140 / 4,146');
  });

  it('names the collection before the server has said how many rows it holds, with a bar of no value yet', () => {
    renderOverlay(progress(0));
    expect(screen.getByRole('alertdialog').textContent).toContain('Syncing 1 of 11: Master data…');
    const bar = screen.getByRole('progressbar', { name: 'First sync' });
    expect(bar.hasAttribute('aria-valuenow')).toBe(false);
  });

  it('shows the first unfinished collection in order while others pull beside it', () => {
    const collections = progress(1, {
      people: { pulled: 300, total: 900 },
      attendance: { pulled: 1000, total: 4146 },
    });
    const notifications = collections.find((collection) => collection.collection === 'notifications');
    if (notifications) Object.assign(notifications, { pulled: 4, total: 4, done: true });
    expect(firstSyncStep(collections)).toEqual({
      step: 3,
      steps: 11,
      collection: 'people',
      pulled: 300,
      total: 900,
    });
  });

  it('shows no progress once every collection is in, or before the worker has reported', () => {
    renderOverlay(progress(11));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(firstSyncStep([])).toBeNull();
  });

  it('covers the screen until the master data’s first pull is done on this device, and goes then', async () => {
    database = await openTestDatabase('overlay');
    render(
      <I18nProvider i18n={i18n}>
        <ProvideDatabase database={database}>
          <OfflineCachingOverlay role={Role.teacher} />
        </ProvideDatabase>
      </I18nProvider>,
    );
    await screen.findByRole('alertdialog', { name: 'Preparing data for offline use…' });
    await markFirstPullDone(database, 'people');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alertdialog')).not.toBeNull();
    await markFirstPullDone(database, 'master');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('never covers the screen offline or for the roles that get no offline cache', () => {
    expect(showsCachingOverlay(undefined, false, Role.teacher)).toBe(true);
    expect(showsCachingOverlay(false, false, Role.teacher)).toBe(false);
    expect(showsCachingOverlay(true, undefined, Role.teacher)).toBe(false);
    expect(showsCachingOverlay(true, false, Role.observer)).toBe(false);
    expect(showsCachingOverlay(true, false, Role.superAdmin)).toBe(false);
  });
});
