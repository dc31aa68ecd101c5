import { defineConfig } from '@playwright/test';
import {
  codingServicePort,
  cspReportFile,
  E2E_WORKERS,
  SERVER_SLOTS,
  serverPort,
  smtpPort,
} from './tests/e2e/support/servers';

/** Debian's Chromium, never a downloaded browser (STACK.md); flags keep it off the closed network. */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 120_000,
  // Most waits are for a change to arrive through sync (the server's change feed, then the worker's pull and
  // store). On a quiet machine that takes well under a second; on the 2-core CI machine running the server, the
  // browser and the worker at once it was measured at 15 to 30 s while a signed-in admin's first sync was still
  // storing (a 15 s wait failed there: CI of 90d79de, the 20 pasted rooms).
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: E2E_WORKERS,
  // The screen tour's tests are the longest (an admin's language takes minutes) and depend on no other spec, so
  // they are queued first: files otherwise start in alphabetical order, which put the tour near the end and
  // could leave one worker idle while the other finished a long tour alone. Longest first keeps both busy.
  projects: [
    { name: 'tour', testMatch: 'screen-tour.spec.ts' },
    { name: 'journeys', testIgnore: 'screen-tour.spec.ts' },
  ],
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    // The worker's own server: `baseURL` is set per worker by tests/e2e/support/test.ts.
    locale: 'ja-JP',
    // A failed test keeps its trace with DOM snapshots (each action's page, the network, the console), but
    // without the screencast: recording frames throughout every test cost a third of the suite's time on the
    // 2-core machine (one spec file: 88 s with it, 70 s without, 61 s with no trace at all). The failure
    // screenshot is still taken. `E2E_TRACE=off` records none.
    trace:
      process.env.E2E_TRACE === 'off'
        ? 'off'
        : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  // Each worker has a server of its own on its own port, with its own SMTP server and coding-practice stand-in
  // (tests/e2e/support/servers.ts). Every Content Security Policy violation the browser reports to a server is
  // appended to its slot's file; the global teardown fails the run when any holds one.
  webServer: SERVER_SLOTS.map((slot) => ({
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${serverPort(slot)}/get-version-build`,
    reuseExistingServer: false,
    // Two servers seed their demo schools at once on the 2-core machine: measured 30-100 s each, by load.
    timeout: 240_000,
    env: {
      E2E_PORT: String(serverPort(slot)),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort(slot)}?ignoreTLS=true`,
      CODING_SERVICE_URL: `http://127.0.0.1:${codingServicePort(slot)}/`,
      RANKING_REFRESH_MS: '2000',
      // Cards follow every write at once, so a spec that reads them after its writes sees them settled.
      CARD_REFRESH_SPACING_MS: '0',
      // A child marked absent is told to their guardians after 6 s instead of 10 minutes (guardian-notices.spec.ts).
      ABSENCE_NOTICE_DELAY_MINUTES: '0.1',
      CSP_REPORT_FILE: cspReportFile(slot),
    },
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
