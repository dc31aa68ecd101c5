import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SyncCollection } from '../../../domain/sync';
import { ProvideDatabase } from '../../db/database-context';
import { openTestDatabase } from '../../db/database-test-helper';
import type { SchoolDatabase } from '../../db/open-database';
import { markFirstPullDone } from '../../db/sync-state';
import { MyDay } from './my-day';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

describe('my day on a new device', () => {
  it('says the day’s sittings are still arriving until the first pull of every collection it reads has ended, and only then that there are none', async () => {
    database = await openTestDatabase('my-day-first-sync');
    render(
      <I18nProvider i18n={i18n}>
        <ProvideDatabase database={database}>
          <MyDay teacherId="teacher-1" today="2026-11-30" />
        </ProvideDatabase>
      </I18nProvider>,
    );
    expect((await screen.findByRole('status')).textContent).toBe('Still arriving on this device…');
    // Sittings and their subjects have come, their lessons not yet: still not "none".
    await markFirstPullDone(database, SyncCollection.schedules);
    await markFirstPullDone(database, SyncCollection.subjects);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('status').textContent).toBe('Still arriving on this device…');
    expect(screen.queryByText('No sittings today.')).toBeNull();
    await markFirstPullDone(database, SyncCollection.lessons);
    expect((await screen.findByText('No sittings today.')).getAttribute('role')).toBe('status');
    expect(screen.queryByText('Still arriving on this device…')).toBeNull();
  });
});
