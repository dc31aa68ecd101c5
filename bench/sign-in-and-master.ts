import { gzipSync } from 'node:zlib';
import { CSRF_HEADER } from '../domain/auth';
import { launchChromium } from './browser';
import { type BenchServer, ms, percentile, signIn, startServer } from './server-process';

/**
 * Walking-skeleton figures: server start on an empty data folder (migrations + demo seed), the JavaScript a
 * browser downloads for the sign-in page (gzip), the sign-in round trip, and pulling all master rows.
 */
export async function benchSignInAndMaster(): Promise<void> {
  const server = await startServer(Number(process.env.BENCH_PORT ?? 3090));
  try {
    console.log(`server start on an empty PGlite folder (migrate + seed): ${ms(server.startupMs)}`);
    await measureSignInPageJs(server.baseUrl);
    await measureCalls(server);
  } finally {
    await server.stop();
  }
}

async function measureSignInPageJs(baseUrl: string): Promise<void> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const scripts: Promise<{ url: string; raw: number; gzip: number; sent: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      // The service worker then precaches the whole app for offline use; that is not what the page needs.
      if (response.request().serviceWorker()) return;
      scripts.push(
        Promise.all([response.body(), response.request().sizes()]).then(([body, sizes]) => ({
          url: response.url(),
          raw: body.length,
          gzip: gzipSync(body).length,
          // What crossed the wire: the server sends the build's precompressed (brotli) twin.
          sent: sizes.responseBodySize,
        })),
      );
    });
    const started = performance.now();
    await page.goto(`${baseUrl}/admin/login`);
    await page.getByRole('button').first().waitFor();
    const firstRender = performance.now() - started;
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(scripts);
    const gzip = files.reduce((sum, file) => sum + file.gzip, 0);
    const raw = files.reduce((sum, file) => sum + file.raw, 0);
    const sent = files.reduce((sum, file) => sum + file.sent, 0);
    console.log(
      `sign-in page JavaScript: ${files.length} files, ${(gzip / 1024).toFixed(1)} KiB gzip, ${(sent / 1024).toFixed(1)} KiB sent (brotli), ${(raw / 1024).toFixed(1)} KiB raw`,
    );
    console.log(`sign-in page first render (cold cache, loopback): ${ms(firstRender)}`);
    // The biggest scripts, where the next cut would come from.
    for (const file of [...files].sort((a, b) => b.gzip - a.gzip).slice(0, 8)) {
      console.log(`  ${(file.gzip / 1024).toFixed(1).padStart(6)} KiB gzip  ${new URL(file.url).pathname}`);
    }
  } finally {
    await browser.close();
  }
}

async function measureCalls(server: BenchServer): Promise<void> {
  const { baseUrl } = server;
  const csrfResponse = await fetch(`${baseUrl}/api/csrf`);
  const { token } = (await csrfResponse.json()) as { token: string };
  const csrfCookie = `csrf_token=${token}`;
  const loginTimes: number[] = [];
  for (let attempt = 0; attempt < 10; attempt++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: token, cookie: csrfCookie },
      body: JSON.stringify({ email: 'admin@demo.test', password: process.env.DEMO_PASSWORD ?? 'demo-2026' }),
    });
    loginTimes.push(performance.now() - started);
    if (!response.ok) throw new Error(`login answered ${response.status}`);
  }
  console.log(
    `sign-in round trip (argon2id verify), 10 runs: p50 ${ms(percentile(loginTimes, 50))}, p95 ${ms(percentile(loginTimes, 95))}`,
  );

  // A new device's sign-in with its mailed code (the session and CSRF token as the server turned them over).
  const verifyStarted = performance.now();
  const { cookie } = await signIn(server, 'admin@demo.test', process.env.DEMO_PASSWORD ?? 'demo-2026');
  console.log(`sign-in with the two-step code, both round trips: ${ms(performance.now() - verifyStarted)}`);
  const pullTimes: number[] = [];
  let documents = 0;
  for (let attempt = 0; attempt < 20; attempt++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/sync/master/pull?limit=1000`, { headers: { cookie } });
    const body = (await response.json()) as { documents: unknown[] };
    pullTimes.push(performance.now() - started);
    documents = body.documents.length;
  }
  console.log(
    `master pull of ${documents} rows, 20 runs: p50 ${ms(percentile(pullTimes, 50))}, p95 ${ms(percentile(pullTimes, 95))}`,
  );
}
