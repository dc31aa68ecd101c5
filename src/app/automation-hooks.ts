import type { createAppRouter } from './router';
import { unsavedChanges } from './unsaved-changes';

/** The handle browser tests reach on `window` (see `exposeAutomationHooks`). */
export type AutomationHooks = {
  unsavedChanges: { setDirty(key: string, dirty: boolean): void };
  /** Opens an address inside the app as a link would (no page load), resolved once the router has settled. */
  navigate(href: string): Promise<void>;
};

/**
 * Under browser automation only (`navigator.webdriver`, which ordinary browsing never sets), lets the
 * end-to-end tests mark unsaved edits (the shell's unsaved-edits guard must be proven in a real browser) and
 * move between screens without reloading the app, as a user following links does: the screen tour visits
 * every screen in three languages at two widths and could not afford a page load for each.
 */
export function exposeAutomationHooks(router: ReturnType<typeof createAppRouter>): void {
  if (!navigator.webdriver) return;
  const hooks: AutomationHooks = {
    unsavedChanges,
    navigate: (href) =>
      new Promise((resolve) => {
        const stop = router.subscribe('onResolved', () => {
          stop();
          resolve();
        });
        router.history.push(href);
      }),
  };
  Object.assign(window, { __schoolAdminTest: hooks });
}
