import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestOidcProvider, type TestOidcProvider } from '../../../server/testing/oidc-provider';
import { serverPort } from './servers';

/** The OpenID provider of the worker's provider spec, beside its server's other stand-ins. */
export function oidcProviderPort(): number {
  return serverPort() + 22_000;
}

/** The app server configured with that provider (its own: the other specs' sign-in screen stays as it was). */
export function oidcAppPort(): number {
  return serverPort() + 22_001;
}

const CLIENT = { id: 'school-e2e', secret: 'school-e2e-secret-0123456789abcdef' };

/** The button's words on the sign-in screen in Japanese, the default language. */
export const PROVIDER_BUTTON_JA = '学校のアカウントでログイン';

/** A running provider and an app server configured with it; `origin` is where the browser opens the app. */
export interface OidcStack {
  provider: TestOidcProvider;
  origin: string;
  /** The Content Security Policy reports the app's pages sent (none expected). */
  cspReports(): string;
  stop(): Promise<void>;
}

async function waitForServer(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the provider spec's app server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `the provider spec's app server did not answer ${url} within ${timeoutMs / 1000} s:\n${output()}`,
  );
}

/**
 * Starts the real OpenID provider (oidc-provider, its own login page) and a real app server of the spec's own
 * (`scripts/e2e-server.mjs`, PGlite, the built app) configured with it by the `OIDC_*` variables, as a school
 * would configure Google or Microsoft. The app's public address is `http://localhost:<port>` (its default), the
 * address registered at the provider as the callback's.
 */
export async function startOidcStack(): Promise<OidcStack> {
  const appPort = oidcAppPort();
  const origin = `http://localhost:${appPort}`;
  const provider = await startTestOidcProvider({
    port: oidcProviderPort(),
    client: CLIENT,
    redirectUris: [`${origin}/api/auth/provider/callback`],
  });
  const cspFile = path.join(os.tmpdir(), `school-e2e-csp-oidc-${appPort}.jsonl`);
  rmSync(cspFile, { force: true });
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      E2E_PORT: String(appPort),
      DEMO_SCALE: '0',
      CSP_REPORT_FILE: cspFile,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: CLIENT.id,
      OIDC_CLIENT_SECRET: CLIENT.secret,
      OIDC_EMAIL_DOMAINS: 'demo.test',
      OIDC_BUTTON_LABEL: 'Sign in with the school account',
      OIDC_BUTTON_LABEL_JA: PROVIDER_BUTTON_JA,
    },
  });
  // The last of what the server wrote to stderr, to say why it did not start.
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  try {
    // A fresh database is migrated and seeded first: minutes on a loaded 2-core machine.
    await waitForServer(`http://127.0.0.1:${appPort}/get-version-build`, child, 180_000, () => errors);
  } catch (error) {
    child.kill('SIGTERM');
    await provider.close();
    throw error;
  }
  return {
    provider,
    origin,
    cspReports: () => (existsSync(cspFile) ? readFileSync(cspFile, 'utf8').trim() : ''),
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      await provider.close();
      rmSync(cspFile, { force: true });
    },
  };
}
