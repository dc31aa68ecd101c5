import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { StoredUser } from '../../domain/schemas/auth-account';
import type { SessionStore } from './session';

const SessionContext = createContext<SessionStore | null>(null);

/** Hands the session store to the screens. */
export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext value={store}>{children}</SessionContext>;
}

/** The session store; only inside SessionProvider. */
export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSessionStore outside SessionProvider');
  return store;
}

/** The signed-in user, re-rendering when it changes (including from another tab). */
export function useSessionUser(): StoredUser | null {
  const store = useSessionStore();
  // The same store answers when the build renders the sign-in page ahead of time (src/prerender-sign-in.tsx).
  return useSyncExternalStore(store.subscribe, store.getUser, store.getUser);
}
