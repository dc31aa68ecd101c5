import { unsavedChanges } from './unsaved-changes';

/** The handle browser tests reach on `window` (see `exposeAutomationHooks`). */
export type AutomationHooks = { unsavedChanges: { setDirty(key: string, dirty: boolean): void } };

/**
 * Under browser automation only (`navigator.webdriver`, which ordinary browsing never sets), lets the
 * end-to-end tests mark unsaved edits: no screen of this build has an editable form yet, and the shell's
 * unsaved-edits guard must still be proven in a real browser. Forms mark edits with `useUnsavedChanges`.
 */
export function exposeAutomationHooks(): void {
  if (!navigator.webdriver) return;
  const hooks: AutomationHooks = { unsavedChanges };
  Object.assign(window, { __schoolAdminTest: hooks });
}
