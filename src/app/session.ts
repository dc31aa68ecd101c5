import type { StoredUser } from '../../domain/schemas/auth-account';

/** Local-storage key of the stored user (SPEC §4). */
export const USER_STORAGE_KEY = 'user';

type StoredUserSchema = typeof import('../../domain/schemas/auth-account').storedUserSchema;

/**
 * The stored user's schema, loaded with zod only once there is a stored user to read: the sign-in page of a
 * signed-out browser has none, and paints without zod.
 */
async function loadStoredUserSchema(): Promise<StoredUserSchema> {
  return (await import('../../domain/schemas/auth-account')).storedUserSchema;
}

/** Reads the stored user, trusting it only when it matches the domain schema. */
export function readStoredUser(
  storage: Pick<Storage, 'getItem'>,
  schema: StoredUserSchema,
): StoredUser | null {
  const raw = storage.getItem(USER_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
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

/**
 * Whether this browser keeps a user at all, read without the schema that checks it: the page starts the sync
 * worker's loading on that alone (src/main.tsx), before the store below has read the user.
 */
export function hasStoredUser(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  return storage.getItem(USER_STORAGE_KEY) !== null;
}

/** Creates the session store over local storage; another tab signing in or out updates this one. */
export async function createSessionStore(storage: Storage = localStorage): Promise<SessionStore> {
  let user = hasStoredUser(storage) ? readStoredUser(storage, await loadStoredUserSchema()) : null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  window.addEventListener('storage', (event) => {
    if (event.key !== USER_STORAGE_KEY && event.key !== null) return;
    // Events settle in the order they came: each waits for the same module, then reads the storage as it is.
    void loadStoredUserSchema().then((schema) => {
      user = readStoredUser(storage, schema);
      notify();
    });
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
