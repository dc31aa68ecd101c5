import { useSyncExternalStore } from 'react';
import { readNavHistory, recordVisit, writeNavHistory } from './back-button';

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
