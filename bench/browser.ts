import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CSRF_COOKIE, SESSION_COOKIE } from '../domain/auth';
import type { BenchServer, BenchSession } from './server-process';

/** Debian's Chromium as the benchmarks drive it (ARCHITECTURE §6: never a downloaded browser). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * Lets functions handed to `page.evaluate` declare named functions: tsx compiles the benchmarks with esbuild's
 * keepNames, whose `__name` helper those functions then call inside the page, so the page gets a no-op one.
 */
export async function allowNamedFunctionsIn(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript({ content: 'window.__name = (fn) => fn;' });
}

/**
 * A desktop browser context in Tokyo signed in as `session`: its cookies, and the stored user the app reads
 * before it asks the server, as a device that signed in before has them.
 */
export async function signedInContext(
  browser: Browser,
  server: BenchServer,
  session: BenchSession,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    timezoneId: 'Asia/Tokyo',
  });
  await context.addCookies([
    { name: SESSION_COOKIE, value: session.sid, url: server.baseUrl, httpOnly: true },
    { name: CSRF_COOKIE, value: session.csrfToken, url: server.baseUrl },
  ]);
  await allowNamedFunctionsIn(context);
  const me = await (await fetch(`${server.baseUrl}/api/me`, { headers: { cookie: session.cookie } })).text();
  await context.addInitScript((user) => {
    if (!localStorage.getItem('user')) localStorage.setItem('user', user);
  }, me);
  return context;
}

/**
 * Starts a Chromium trace of every thread with the V8 sampling profiler on, written to `file` at
 * `browser.stopTracing()`; `npx tsx bench/trace-profile.ts <file>` reads it.
 */
export async function startCpuTrace(browser: Browser, page: Page, file: string): Promise<void> {
  await browser.startTracing(page, {
    path: file,
    categories: ['disabled-by-default-v8.cpu_profiler', 'v8', 'devtools.timeline', 'toplevel'],
  });
}
