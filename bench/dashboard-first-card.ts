import type { BrowserContext, Page } from 'playwright-core';
import { CSRF_HEADER } from '../domain/auth';
import { launchChromium } from './browser';
import { codeFromLog, codesPrinted, ms, percentile, startServer } from './server-process';

const RUNS = 5;
const EMAIL = 'teacher@demo.test';

/** Signs the browser context in through the API (its request context shares the page's cookies). */
async function signIn(context: BrowserContext, baseUrl: string, output: () => string): Promise<void> {
  const csrf = async () =>
    ((await (await context.request.get(`${baseUrl}/api/csrf`)).json()) as { token: string }).token;
  const seen = codesPrinted(output);
  const login = await context.request.post(`${baseUrl}/api/login`, {
    headers: { [CSRF_HEADER]: await csrf() },
    data: { email: EMAIL, password: process.env.DEMO_PASSWORD ?? 'demo-2026' },
  });
  if (!login.ok()) throw new Error(`login answered ${login.status()}`);
  const code = await codeFromLog(output, seen);
  const verified = await context.request.post(`${baseUrl}/api/verify-otp`, {
    headers: { [CSRF_HEADER]: await csrf() },
    data: { code, trust_device: true },
  });
  if (!verified.ok()) throw new Error(`verify-otp answered ${verified.status()}`);
  // The SPA knows its user from local storage (SPEC §4), as the sign-in screen leaves it.
  const me = await (await context.request.get(`${baseUrl}/api/me`)).text();
  await context.addInitScript((user) => {
    if (!localStorage.getItem('user')) localStorage.setItem('user', user);
  }, me);
}

/** Waits until the server's sticky rules have given the user cards (the refresh at start runs in the background). */
async function waitForCards(context: BrowserContext, baseUrl: string): Promise<number> {
  for (let round = 0; round < 600; round += 1) {
    const answer = await context.request.get(`${baseUrl}/api/sticky?numberSticky=1`);
    const body = (await answer.json()) as { meta: { pagination: { total: number } } };
    if (body.meta.pagination.total > 0) return body.meta.pagination.total;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${EMAIL} has no dashboard cards`);
}

/** Milliseconds from starting a load of the dashboard until its first card is on screen. */
async function timeToFirstCard(page: Page, load: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await load();
  await page.getByRole('list').getByRole('article').first().waitFor({ state: 'visible', timeout: 60_000 });
  return performance.now() - started;
}

/**
 * Time from a cold load of the dashboard to its first card (issue 8): on a new device (empty local database:
 * app download, database open and the first sync all on the way), then reloads online and offline with the
 * local database kept (what a returning user sees). Loopback server, scale-1 demo school.
 */
export async function benchDashboardFirstCard(): Promise<void> {
  const server = await startServer(Number(process.env.BENCH_PORT ?? 3090) + 1);
  const browser = await launchChromium();
  try {
    const fresh: number[] = [];
    let cards = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await signIn(context, server.baseUrl, server.output);
      cards = await waitForCards(context, server.baseUrl);
      const page = await context.newPage();
      fresh.push(await timeToFirstCard(page, () => page.goto(`${server.baseUrl}/admin/`)));
      await context.close();
    }

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signIn(context, server.baseUrl, server.output);
    const page = await context.newPage();
    await timeToFirstCard(page, () => page.goto(`${server.baseUrl}/admin/`));
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 60_000,
    });
    const online: number[] = [];
    for (let run = 0; run < RUNS; run += 1) online.push(await timeToFirstCard(page, () => page.reload()));
    await context.setOffline(true);
    const offline: number[] = [];
    for (let run = 0; run < RUNS; run += 1) offline.push(await timeToFirstCard(page, () => page.reload()));
    await context.close();

    console.log(`${EMAIL} has ${cards} open cards; the page shows 4 (1280 px wide)`);
    const line = (label: string, values: number[]) =>
      console.log(
        `${label}, ${RUNS} runs: p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}`,
      );
    line('first card on a new device (empty local database, first sync, online)', fresh);
    line('first card on reload, online (local database kept)', online);
    line('first card on reload, offline (service worker + local database)', offline);
  } finally {
    await browser.close();
    await server.stop();
  }
}
