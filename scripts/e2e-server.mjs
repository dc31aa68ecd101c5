// Starts the real server for the browser tests on a fresh, throw-away data folder (PGlite), serving dist/.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'school-e2e-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    LOG_LEVEL: 'warn',
    ...process.env,
    DATA_DIR: dataDir,
    PORT: process.env.E2E_PORT ?? '3100',
    HOST: '127.0.0.1',
  },
});
const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
