import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { startSyncClient } from '../sync/sync-client';

/** Online means the worker's `/ws` socket is connected; undefined until it first reports. */
export type Connection = { online: boolean | undefined; serverBuild: string | undefined };

const ConnectionContext = createContext<Connection>({ online: undefined, serverBuild: undefined });

/**
 * Runs the sync worker for the signed-in user and shares its connection state. A 401 from the worker's pull
 * means the session is gone: `onSignInRequired` signs the user out of this browser.
 */
export function ConnectionProvider({
  userId,
  onSignInRequired,
  children,
}: {
  userId: string;
  onSignInRequired: () => void;
  children: ReactNode;
}) {
  const [connection, setConnection] = useState<Connection>(() => ({
    online: navigator.onLine ? undefined : false,
    serverBuild: undefined,
  }));

  useEffect(() => {
    const client = startSyncClient(userId);
    const offConnection = client.on('connection', ({ online }) =>
      setConnection((current) => ({ ...current, online })),
    );
    const offBuild = client.on('serverBuild', ({ build }) =>
      setConnection((current) => ({ ...current, serverBuild: build })),
    );
    const offSignIn = client.on('signInRequired', onSignInRequired);
    return () => {
      offConnection();
      offBuild();
      offSignIn();
      client.terminate();
    };
  }, [userId, onSignInRequired]);

  return <ConnectionContext value={connection}>{children}</ConnectionContext>;
}

/** The sync worker's view of the network. */
export function useConnection(): Connection {
  return useContext(ConnectionContext);
}
