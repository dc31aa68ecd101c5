import 'fake-indexeddb/auto';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProvideDatabase, sharedDatabase } from '../db/database-context';
import { markPending, recordIssue } from '../db/outbox';
import { AccountClosedScreen } from './account-closed-screen';
import { wipeUserFromDevice } from './sign-out';

const USER_ID = '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

async function userDatabaseNames(): Promise<string[]> {
  return (await indexedDB.databases())
    .map((info) => info.name ?? '')
    .filter((name) => name.includes(USER_ID));
}

describe('a device whose account was blocked or removed', () => {
  it('lists the writes still waiting as refused before it wipes the user from the device', async () => {
    const database = await sharedDatabase(USER_ID);
    await markPending(database, 'attendance', 'mark-1', true, Date.parse('2026-11-20T09:05:00Z'));
    await recordIssue(database, {
      collection: 'achievements',
      docId: 'score-1',
      reason: 'forbidden',
      fields: ['score'],
      local: { id: 'score-1' },
      at: Date.parse('2026-11-20T09:10:00Z'),
    });
    localStorage.setItem(`lang:${USER_ID}`, 'ja');
    // What was on screen when the wipe began.
    let shownAtWipe: string[] = [];
    const wipe = async () => {
      shownAtWipe = screen.queryAllByRole('listitem').map((item) => item.textContent ?? '');
      await wipeUserFromDevice(USER_ID);
    };

    render(
      <I18nProvider i18n={i18n}>
        <ProvideDatabase database={database}>
          <AccountClosedScreen wipe={wipe} onDone={() => undefined} />
        </ProvideDatabase>
      </I18nProvider>,
    );

    expect(await screen.findByRole('button', { name: 'Go to sign-in' }, { timeout: 10_000 })).toBeTruthy();
    expect(shownAtWipe).toHaveLength(2);
    expect(shownAtWipe[0]).toMatch(/^Attendance.*Refused/);
    expect(shownAtWipe[1]).toMatch(/Refused/);
    expect(screen.getByText('Changes the server refused')).toBeTruthy();
    // Still listed after the wipe, while nothing of the user is left on the device.
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(await userDatabaseNames()).toEqual([]);
    expect(localStorage.getItem(`lang:${USER_ID}`)).toBeNull();
  }, 30_000);
});
