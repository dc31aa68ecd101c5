import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedDatabase } from '../db/database-context';
import { masterRow } from '../db/database-test-helper';
import { userLocaleStorageKey } from '../i18n/i18n';
import { wipeUserFromDevice } from './sign-out';

const USER_ID = '0b5e3c1a-7f2d-4c8e-9a61-3d2f4e5a6b7c';

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((info) => info.name ?? '');
}

afterEach(() => {
  localStorage.clear();
});

describe('signing out of a shared computer', () => {
  it('deletes the user’s IndexedDB databases themselves and their language key, keeping the device’s language', async () => {
    const database = await sharedDatabase(USER_ID);
    await database.master.insert(masterRow({ id: 'u-1', kind: 'universities', name: 'Kept nowhere' }));
    expect((await databaseNames()).filter((name) => name.includes(USER_ID)).length).toBeGreaterThan(0);
    localStorage.setItem('lang', 'vi');
    localStorage.setItem(userLocaleStorageKey(USER_ID), 'vi');
    localStorage.setItem('side-menu', 'collapsed');

    await wipeUserFromDevice(USER_ID);

    expect((await databaseNames()).filter((name) => name.includes(USER_ID))).toEqual([]);
    expect(Object.keys(localStorage)).toEqual(['lang']);
    expect(localStorage.getItem('lang')).toBe('vi');
  });
});
