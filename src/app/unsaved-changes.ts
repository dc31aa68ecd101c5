import { useEffect, useId, useSyncExternalStore } from 'react';

/**
 * The unsaved-edits flag of SPEC §4. Each dirty form registers under its own key, so one form saving does
 * not clear another's edits; the flag is set while any form is dirty.
 */
export type UnsavedChangesStore = {
  isDirty(): boolean;
  setDirty(key: string, dirty: boolean): void;
  /** Forgets every form's edits: the user confirmed leaving them. */
  clear(): void;
  subscribe(listener: () => void): () => void;
};

/** Creates the unsaved-edits store. */
export function createUnsavedChangesStore(): UnsavedChangesStore {
  const dirtyKeys = new Set<string>();
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    isDirty: () => dirtyKeys.size > 0,
    setDirty(key, dirty) {
      const before = dirtyKeys.size;
      if (dirty) dirtyKeys.add(key);
      else dirtyKeys.delete(key);
      if (dirtyKeys.size !== before) notify();
    },
    clear() {
      if (dirtyKeys.size === 0) return;
      dirtyKeys.clear();
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one unsaved-edits store. */
export const unsavedChanges = createUnsavedChangesStore();

/** Whether any form holds unsaved edits. */
export function useHasUnsavedChanges(store: UnsavedChangesStore = unsavedChanges): boolean {
  return useSyncExternalStore(store.subscribe, store.isDirty);
}

/**
 * Marks the calling form's edits as unsaved while `dirty` is true (e.g. react-hook-form's `isDirty`); the
 * mark goes when the form saves, resets or unmounts.
 */
export function useUnsavedChanges(dirty: boolean, store: UnsavedChangesStore = unsavedChanges): void {
  const key = useId();
  useEffect(() => {
    store.setDirty(key, dirty);
    return () => store.setDirty(key, false);
  }, [dirty, key, store]);
}

/**
 * Runs `action` once no form holds unsaved edits: at once when none does, else as soon as the last one is
 * saved or left. For what would otherwise wipe typed work, like the reload that runs a new build.
 */
export function whenNothingUnsaved(action: () => void, store: UnsavedChangesStore = unsavedChanges): void {
  if (!store.isDirty()) {
    action();
    return;
  }
  const stop = store.subscribe(() => {
    if (store.isDirty()) return;
    stop();
    action();
  });
}
