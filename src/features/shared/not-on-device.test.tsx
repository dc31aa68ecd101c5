import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { aheadRowsAsked } from '../../db/ahead-asks';
import { ProvideDatabase } from '../../db/database-context';
import { openTestDatabase } from '../../db/database-test-helper';
import type { SchoolDatabase } from '../../db/open-database';
import { markFirstPullDone, storeFirstSyncProgress } from '../../db/sync-state';
import { NotOnDevice } from './not-on-device';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

describe('a screen opened for a row the device does not hold', () => {
  it('says the row is arriving while the first pull of its collection runs, asks for it ahead, and says it is not here after', async () => {
    database = await openTestDatabase('not-on-device');
    render(
      <I18nProvider i18n={i18n}>
        <ProvideDatabase database={database}>
          <NotOnDevice
            collection="subjects"
            rowId="class-1"
            arriving="Class arriving…"
            absent="Class not on this device."
          />
        </ProvideDatabase>
      </I18nProvider>,
    );
    expect((await screen.findByRole('status')).textContent).toBe('Class arriving…');
    // It asks for the row to come ahead of the rest of the pull.
    await waitFor(async () =>
      expect(await aheadRowsAsked(database as SchoolDatabase, 'subjects')).toEqual(['class-1']),
    );
    // Another collection's first pull says nothing about this one.
    await markFirstPullDone(database, 'attendance');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('status').textContent).toBe('Class arriving…');
    // While it runs, how far it has got.
    await storeFirstSyncProgress(database, [
      { collection: 'attendance', pulled: 10, total: 10, done: true },
      { collection: 'subjects', pulled: 8400, total: 22100, done: false },
    ]);
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('8400');
    expect(bar.getAttribute('aria-valuemax')).toBe('22100');
    expect(screen.getByRole('status').textContent).toMatch(/8,400 \/ 22,100/);
    await markFirstPullDone(database, 'subjects');
    await screen.findByText('Class not on this device.');
    expect(screen.queryByText('Class arriving…')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
