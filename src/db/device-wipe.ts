import { databaseName } from './database-name';

// A deletion another connection blocks completes once that connection closes; a tab that never lets go
// must not hold the sign-out for ever.
const DELETE_BOUND_MS = 5000;

function deleteDatabase(factory: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, DELETE_BOUND_MS);
    const request = factory.deleteDatabase(name);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    request.onsuccess = done;
    request.onerror = done;
  });
}

/**
 * Deletes the IndexedDB databases themselves of a user's local data on this device, not only their rows:
 * RxDB's Dexie storage keeps one IndexedDB database per collection and schema version, all named after the
 * user's database (`databaseName`), and removing the RxDB database empties them but leaves them, with the
 * user's id in their names, for the next user of a shared computer to see. Returns the names deleted.
 */
export async function deleteUserDatabases(
  userId: string,
  factory: IDBFactory = indexedDB,
): Promise<string[]> {
  const own = databaseName(userId);
  const listed = await factory.databases();
  const names = listed
    .map((info) => info.name)
    .filter((name): name is string => name !== undefined && (name.includes(own) || name.includes(userId)));
  await Promise.all(names.map((name) => deleteDatabase(factory, name)));
  return names;
}
