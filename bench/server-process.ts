import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** A real server on a fresh PGlite data folder, for benchmarks. */
export interface BenchServer {
  baseUrl: string;
  /** Milliseconds from spawn to the first answer (migrations and demo seed included). */
  startupMs: number;
  /** What the server printed so far (without SMTP_URL, its mail: sign-in codes included). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `server/main.ts` and waits until it answers: on a throw-away data folder, or on `options.dataDir`,
 * which is then kept when the server stops (a benchmark may prepare data between two starts).
 */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<BenchServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'school-bench-'));
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...env },
  });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    printed += chunk.toString('utf8');
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/get-version-build`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const startupMs = performance.now() - started;
  return {
    baseUrl,
    startupMs,
    output: () => printed,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
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

/** Waits for the latest sign-in code the server printed (its mail goes to the log without SMTP_URL). */
export async function codeFromLog(output: () => string, seen: number): Promise<string> {
  for (let round = 0; round < 200; round++) {
    const codes = [...output().matchAll(/^Sign-in code: (\d{6})$/gm)].map((match) => match[1] ?? '');
    if (codes.length > seen) return codes.at(-1) ?? '';
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no sign-in code in the server log');
}
