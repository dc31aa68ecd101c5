import { useSyncExternalStore } from 'react';
import { readStringList } from './stored-string-list';

// Apart from the back button's decisions (`back-button.ts`): every page records its visit, the sign-in page
// included, while only the signed-in shell shows the button.

/** Session-storage key of the pages visited in this tab, oldest first, the current page last. */
export const NAV_HISTORY_STORAGE_KEY = 'nav-history';

/** How many visits the list keeps; older ones fall off. */
export const NAV_HISTORY_LIMIT = 50;

/**
 * The visit list after opening a page: a page equal to the one before the current is a step back (the
 * browser's or ours), so the current page leaves the list; a reload of the same page changes nothing.
 */
export function recordVisit(history: readonly string[], href: string): string[] {
  if (history.at(-1) === href) return [...history];
  if (history.at(-2) === href) return history.slice(0, -1);
  return [...history, href].slice(-NAV_HISTORY_LIMIT);
}

/** Reads the visit list from session storage; anything malformed counts as empty. */
export function readNavHistory(storage: Pick<Storage, 'getItem'>): string[] {
  return readStringList(storage, NAV_HISTORY_STORAGE_KEY);
}

/** Stores the visit list in session storage. */
export function writeNavHistory(storage: Pick<Storage, 'setItem'>, history: readonly string[]): void {
  storage.setItem(NAV_HISTORY_STORAGE_KEY, JSON.stringify(history));
}

/** The session-stored list of pages this tab visited (SPEC §2 back logic), shared by the shell. */
export type NavHistoryStore = {
  list(): readonly string[];
  record(href: string): void;
  subscribe(listener: () => void): () => void;
};

/** Creates the visit list over session storage, so it survives a reload of the tab but not a new tab. */
export function createNavHistoryStore(storage: Storage = sessionStorage): NavHistoryStore {
  let history: readonly string[] = readNavHistory(storage);
  const listeners = new Set<() => void>();
  return {
    list: () => history,
    record(href) {
      const next = recordVisit(history, href);
      if (next.length === history.length && next.every((item, index) => item === history[index])) return;
      history = next;
      writeNavHistory(storage, history);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The tab's visit list. */
export const navHistory = createNavHistoryStore();

/** The visit list, re-rendering as pages open. */
export function useNavHistory(): readonly string[] {
  return useSyncExternalStore(navHistory.subscribe, navHistory.list);
}
