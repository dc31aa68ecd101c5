// `npm start`: builds the SPA when the build is missing or older than its sources, then serves it with the API.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const buildMarker = path.join(root, 'dist', 'build.json');
const sources = [
  'src',
  'domain',
  'locales',
  'public',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'package.json',
];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stats = statSync(full);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(full).reduce(
    (newest, child) => Math.max(newest, newestMtime(path.join(entry, child))),
    0,
  );
}

function buildIsStale() {
  if (!existsSync(buildMarker)) return true;
  const built = statSync(buildMarker).mtimeMs;
  return sources.some((entry) => newestMtime(entry) > built);
}

if (buildIsStale()) {
  // The build's own output (chunk lists, compression) is noise on a first start: shown only when it fails.
  console.log('Building the web app (first start or sources changed; a few minutes)…');
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    process.exit(build.status ?? 1);
  }
}

// The server prints the demo accounts (first start) and its address; its request log starts at warnings here
// (LOG_LEVEL=info shows every request).
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { LOG_LEVEL: 'warn', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
