import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import type { AccountRole } from '../../domain/roles';
import { useDatabase } from '../db/database-context';
import { pendingCount$ } from '../db/outbox';
import { startSyncClient } from '../sync/sync-client';

/**
 * Online means the worker's `/ws` socket is connected; undefined until it first reports. `syncing` is true
 * while a pull or push runs; `updateRequired` once the server refused this build (426). The first sync's
 * progress is in the database, for every tab (`useFirstSyncProgress`).
 */
export type Connection = {
  online: boolean | undefined;
  serverBuild: string | undefined;
  syncing: boolean;
  updateRequired: boolean;
};

const ConnectionContext = createContext<Connection>({
  online: undefined,
  serverBuild: undefined,
  syncing: false,
  updateRequired: false,
});

/** The window's latest view of the network, for code outside React (the outbox marks offline writes). */
let windowOnline: boolean | undefined;

/** Whether the last report of the worker said offline (never reported counts as online when the browser is). */
export function isWindowOffline(): boolean {
  return windowOnline === false || (windowOnline === undefined && !navigator.onLine);
}

/**
 * Runs the sync worker for the signed-in user and shares its connection state. A 401 from the worker's sync
 * calls means the session is gone: `onSignInRequired` asks the user to sign in again, once, with the number
 * of writes still waiting on this device (they stay in the user's database for the next sign-in), and
 * whether the account was closed (blocked or removed: the device then forgets the user).
 */
export function ConnectionProvider({
  userId,
  role,
  onSignInRequired,
  children,
}: {
  userId: string;
  role: AccountRole;
  onSignInRequired: (pending: number, accountClosed: boolean) => void;
  children: ReactNode;
}) {
  const database = useDatabase();
  // Read when the session ends, not a reason to restart the worker when the database opens.
  const databaseRef = useRef(database);
  databaseRef.current = database;
  const [connection, setConnection] = useState<Connection>(() => ({
    online: navigator.onLine ? undefined : false,
    serverBuild: undefined,
    syncing: false,
    updateRequired: false,
  }));

  useEffect(() => {
    const client = startSyncClient(userId, role);
    // Every collection's replication reports the 401; the user is asked once.
    let sessionEnded = false;
    const endSession = async (accountClosed: boolean) => {
      if (sessionEnded) return;
      sessionEnded = true;
      const current = databaseRef.current;
      const pending = current ? await firstValueFrom(pendingCount$(current)).catch(() => 0) : 0;
      onSignInRequired(pending, accountClosed);
    };
    const offs = [
      client.on('connection', ({ online }) => {
        windowOnline = online;
        setConnection((current) => ({ ...current, online }));
      }),
      client.on('serverBuild', ({ build }) =>
        setConnection((current) => ({ ...current, serverBuild: build })),
      ),
      client.on('activity', ({ syncing }) => setConnection((current) => ({ ...current, syncing }))),
      client.on('updateRequired', () => setConnection((current) => ({ ...current, updateRequired: true }))),
      client.on('signInRequired', ({ accountClosed }) => void endSession(accountClosed)),
    ];
    return () => {
      for (const off of offs) off();
      client.terminate();
    };
  }, [userId, role, onSignInRequired]);

  return <ConnectionContext value={connection}>{children}</ConnectionContext>;
}

/** The sync worker's view of the network. */
export function useConnection(): Connection {
  return useContext(ConnectionContext);
}
