import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { openDatabase, type SchoolDatabase } from './open-database';

let opened = 0;

/**
 * A user's database on fake-indexeddb under a name no other test uses, single-instance (one test process
 * holds one copy). The caller removes it after the test.
 */
export function openTestDatabase(prefix: string): Promise<SchoolDatabase> {
  opened += 1;
  return openDatabase(`${prefix}-${opened}-${Date.now()}`, {
    dexie: { indexedDB, IDBKeyRange },
    multiInstance: false,
  });
}
