import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../domain/auth';
import { SIGN_IN_CODE_PATTERN } from '../server/mail/templates';
import { pollUntil, within } from './bounded';

const root = path.resolve(import.meta.dirname, '..');

/** A real server on a fresh PGlite data folder, for benchmarks. */
export interface BenchServer {
  baseUrl: string;
  /** Milliseconds from spawn to the first answer (migrations and demo seed included). */
  startupMs: number;
  /** The server's process id (its CPU time: `/proc/<pid>/stat`, the database thread of PGlite included). */
  pid: number;
  /** What the server printed so far (without SMTP_URL, its mail: sign-in codes included). */
  output(): string;
  stop(): Promise<void>;
  /** Kills the server at once (`SIGKILL`, its database thread with it), leaving its data folder as it is. */
  kill(): Promise<void>;
}

/**
 * Starts `server/main.ts` and waits until it answers: on a throw-away data folder, or on `options.dataDir`
 * (an already seeded folder the caller owns and removes).
 */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<BenchServer> {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'school-bench-'));
  const started = performance.now();
  // BENCH_SERVER_NODE_ARGS adds Node options to the server, e.g. `--prof` or `--cpu-prof --cpu-prof-dir=/tmp/p`.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...env },
  });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    printed += chunk.toString('utf8');
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Migrations and a first start on a big data folder take a while; ten minutes is far beyond any of them.
  await pollUntil(`the server on port ${port} to answer`, 10 * 60_000, async () => {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/get-version-build`, { signal: AbortSignal.timeout(5000) });
      if (response.ok) return true;
    } catch {
      // Not listening yet.
    }
    return undefined;
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  const startupMs = performance.now() - started;
  return {
    baseUrl,
    pid: child.pid ?? 0,
    startupMs,
    output: () => printed,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // A server that does not drain within a minute is killed: the bench still ends.
      await within('the server to stop after SIGTERM', 60_000, exited).catch(async () => {
        child.kill('SIGKILL');
        await within('the server to die after SIGKILL', 10_000, exited);
      });
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await within('the server to die after SIGKILL', 10_000, exited);
    },
  };
}

/** Percentile of a list of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** Formats milliseconds for the printed tables. */
export function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}

/** A line of the server's output giving a sign-in code (the mail's own line, not its subject). */
export const codeLinePattern = (): RegExp => new RegExp(`^${SIGN_IN_CODE_PATTERN.source}$`, 'gm');

/** Waits for a sign-in code the server printed after the first `seen` ones (its mail goes to the log). */
export async function codeFromLog(output: () => string, seen: number): Promise<string> {
  for (let round = 0; round < 400; round++) {
    const codes = [...output().matchAll(codeLinePattern())].map((match) => match[1] ?? '');
    if (codes.length > seen) return codes.at(-1) ?? '';
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no sign-in code in the server log');
}

/** How many sign-in codes the server printed so far. */
export function codesPrinted(output: () => string): number {
  return [...output().matchAll(codeLinePattern())].length;
}

/** The cookies of a signed-in session: the session id and the CSRF double-submit token. */
export interface BenchSession {
  sid: string;
  csrfToken: string;
  /** The `cookie` header carrying both. */
  cookie: string;
}

/** The headers of a JSON call made by `session`: its cookies and the CSRF header. */
export function sessionHeaders(session: BenchSession): Record<string, string> {
  return { 'content-type': 'application/json', cookie: session.cookie, [CSRF_HEADER]: session.csrfToken };
}

/** Signs `email` in through the real calls, entering the code the server printed, as a new device does. */
export async function signIn(server: BenchServer, email: string, password: string): Promise<BenchSession> {
  const { token } = (await (await fetch(`${server.baseUrl}/api/csrf`)).json()) as { token: string };
  const csrfCookie = `${CSRF_COOKIE}=${token}`;
  const seen = codesPrinted(server.output);
  const login = await fetch(`${server.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: token, cookie: csrfCookie },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login of ${email} answered ${login.status}`);
  const cookieOf = (name: string) =>
    login.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith(`${name}=`))
      ?.split(';')[0]
      ?.slice(name.length + 1);
  const sid = cookieOf(SESSION_COOKIE) ?? '';
  // Sign-in turns the CSRF token over with the session (server/plugins/csrf.ts): the new one is in its cookie.
  const csrfToken = cookieOf(CSRF_COOKIE) ?? token;
  const cookie = `${SESSION_COOKIE}=${sid}; ${CSRF_COOKIE}=${csrfToken}`;
  const user = (await login.json()) as { verified_otp: boolean };
  if (!user.verified_otp) {
    const code = await codeFromLog(server.output, seen);
    const verified = await fetch(`${server.baseUrl}/api/verify-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: csrfToken, cookie },
      body: JSON.stringify({ code, trust_device: false }),
    });
    if (!verified.ok) throw new Error(`verify-otp of ${email} answered ${verified.status}`);
  }
  return { sid, csrfToken, cookie };
}
