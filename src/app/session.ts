import { type StoredUser, storedUserSchema } from '../../domain/auth';

/** Local-storage key of the stored user (SPEC §4). */
export const USER_STORAGE_KEY = 'user';

/** Reads the stored user, trusting it only when it matches the domain schema. */
export function readStoredUser(storage: Pick<Storage, 'getItem'>): StoredUser | null {
  const raw = storage.getItem(USER_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = storedUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The signed-in user of this browser, kept in local storage and shared by every tab. */
export type SessionStore = {
  getUser(): StoredUser | null;
  setUser(user: StoredUser | null): void;
  subscribe(listener: () => void): () => void;
};

/** Creates the session store over local storage; another tab signing in or out updates this one. */
export function createSessionStore(storage: Storage = localStorage): SessionStore {
  let user = readStoredUser(storage);
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  window.addEventListener('storage', (event) => {
    if (event.key !== USER_STORAGE_KEY && event.key !== null) return;
    user = readStoredUser(storage);
    notify();
  });

  return {
    getUser: () => user,
    setUser(next) {
      user = next;
      if (next) storage.setItem(USER_STORAGE_KEY, JSON.stringify(next));
      else storage.removeItem(USER_STORAGE_KEY);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
