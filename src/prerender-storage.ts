// First import of the sign-in page's prerender (src/prerender-sign-in.tsx): modules of the app read the tab's
// storage as they load, and Node has none. The prerender shows the page as a browser that has stored nothing.

function emptyStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, value);
    },
  };
}

globalThis.localStorage ??= emptyStorage();
globalThis.sessionStorage ??= emptyStorage();
