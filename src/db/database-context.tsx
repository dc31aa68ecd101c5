import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import type { SchoolDatabase } from './open-database';

const DatabaseContext = createContext<SchoolDatabase | null>(null);

// One open database per user for the page's lifetime: React may mount a provider twice (StrictMode), and
// RxDB refuses a second instance of the same name while the first is open.
const openDatabases = new Map<string, Promise<SchoolDatabase>>();

/** The window's database of a user, opened once and shared by every provider of the page. */
export function sharedDatabase(userId: string): Promise<SchoolDatabase> {
  const existing = openDatabases.get(userId);
  if (existing) return existing;
  // RxDB loads with the first signed-in screen, keeping it out of the login page's bundle.
  const opening = import('./open-database').then(({ openDatabase }) => openDatabase(userId));
  openDatabases.set(userId, opening);
  opening.catch(() => openDatabases.delete(userId));
  return opening;
}

/** Opens the signed-in user's local database and hands it to the query hooks below. */
export function DatabaseProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const [database, setDatabase] = useState<SchoolDatabase | null>(null);

  useEffect(() => {
    let current = true;
    sharedDatabase(userId).then((opened) => {
      if (current) setDatabase(opened);
    });
    return () => {
      current = false;
    };
  }, [userId]);

  return <DatabaseContext value={database}>{children}</DatabaseContext>;
}

/** The signed-in user's database, or null while it opens (or outside a signed-in page). */
export function useDatabase(): SchoolDatabase | null {
  return useContext(DatabaseContext);
}
