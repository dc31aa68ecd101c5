import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import type { SchoolDatabase } from './open-database';

const DatabaseContext = createContext<SchoolDatabase | null>(null);

// One open database per user for the page's lifetime: React may mount a provider twice (StrictMode), and
// RxDB refuses a second instance of the same name while the first is open.
const openDatabases = new Map<string, Promise<SchoolDatabase>>();

/**
 * The modules that open the window's database: RxDB loads with the first signed-in screen, keeping it out of
 * the login page's bundle, or ahead of it on the two-step code's screen (`prepareSignedInStart`).
 */
export function loadDatabaseModules() {
  return Promise.all([import('./open-database'), import('./outbox')]);
}

/** The window's database of a user, opened once and shared by every provider of the page. */
export function sharedDatabase(
  userId: string,
  isOffline: () => boolean = () => false,
): Promise<SchoolDatabase> {
  const existing = openDatabases.get(userId);
  if (existing) return existing;
  // The window is where screens write, so the outbox hooks live on its instance.
  const opening = loadDatabaseModules().then(async ([{ openDatabase }, { trackLocalWrites }]) => {
    const database = await openDatabase(userId);
    trackLocalWrites(database, isOffline);
    return database;
  });
  openDatabases.set(userId, opening);
  opening.catch(() => openDatabases.delete(userId));
  return opening;
}

/** Removes a user's local database from this device (logout); opens it first so every collection goes. */
export async function removeSharedDatabase(userId: string): Promise<void> {
  const database = await sharedDatabase(userId);
  openDatabases.delete(userId);
  await database.remove();
}

/** Opens the signed-in user's local database and hands it to the query hooks below. */
export function DatabaseProvider({
  userId,
  isOffline,
  children,
}: {
  userId: string;
  /** Whether the app is offline now: writes made then are pushed with their offline origin. */
  isOffline: () => boolean;
  children: ReactNode;
}) {
  const [database, setDatabase] = useState<SchoolDatabase | null>(null);

  useEffect(() => {
    let current = true;
    sharedDatabase(userId, isOffline).then((opened) => {
      if (current) setDatabase(opened);
    });
    return () => {
      current = false;
    };
  }, [userId, isOffline]);

  return <DatabaseContext value={database}>{children}</DatabaseContext>;
}

/** The signed-in user's database, or null while it opens (or outside a signed-in page). */
export function useDatabase(): SchoolDatabase | null {
  return useContext(DatabaseContext);
}

/** Hands an already open database to the hooks below (tests, and pages that open the database themselves). */
export function ProvideDatabase({ database, children }: { database: SchoolDatabase; children: ReactNode }) {
  return <DatabaseContext value={database}>{children}</DatabaseContext>;
}
