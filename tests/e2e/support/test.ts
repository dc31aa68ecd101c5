import { test as base } from '@playwright/test';
import { serverPort } from './servers';

/**
 * Playwright's `test`, pointed at the worker's own server (tests/e2e/support/servers.ts), with every browser
 * context a test opened beside its own (a second user, a phone) closed when the test ends, passed or failed. A
 * context left open keeps its app running (its sync worker pulling on every change the later specs make, its
 * timers), which slowed every later spec on the 2-core CI machine: a failing report spec once had five pages of
 * earlier specs still running beside it.
 */
export const test = base.extend<{ closeOtherContexts: undefined }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from its first parameter, which must be a pattern.
  baseURL: async ({}, use) => {
    await use(`http://127.0.0.1:${serverPort()}`);
  },
  closeOtherContexts: [
    async ({ browser, context }, use) => {
      await use(undefined);
      await Promise.all(browser.contexts().flatMap((other) => (other === context ? [] : [other.close()])));
    },
    { auto: true },
  ],
});
