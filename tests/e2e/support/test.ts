import { test as base } from '@playwright/test';

/**
 * Playwright's `test`, with every browser context a test opened beside its own (a second user, a phone) closed
 * when the test ends, passed or failed. A context left open keeps its app running (its sync worker pulling on
 * every change the later specs make, its timers), which slowed every later spec on the 2-core CI machine: a
 * failing report spec once had five pages of earlier specs still running beside it.
 */
export const test = base.extend<{ closeOtherContexts: undefined }>({
  closeOtherContexts: [
    async ({ browser, context }, use) => {
      await use(undefined);
      await Promise.all(browser.contexts().flatMap((other) => (other === context ? [] : [other.close()])));
    },
    { auto: true },
  ],
});
