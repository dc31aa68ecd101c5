import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vite';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Builds the sync bench page into `<BENCH_HARNESS_OUT>` (a copy of the app's build, served by the real
 * server under /admin/bench-harness/). It names the app's build id, or the server would answer 426.
 */
const build: { build: string } = JSON.parse(
  readFileSync(path.join(process.env.STATIC_DIR ?? path.join(root, 'dist'), 'build.json'), 'utf8'),
);

export default defineConfig({
  root: import.meta.dirname,
  base: '/admin/bench-harness/',
  define: { __BUILD_ID__: JSON.stringify(build.build) },
  worker: { format: 'es' },
  logLevel: 'warn',
  build: {
    outDir: process.env.BENCH_HARNESS_OUT ?? path.join(root, '.tmp', 'bench-harness'),
    emptyOutDir: true,
    // Named functions in a profile of the sync (`BENCH_SYNC_TRACE`, `BENCH_SYNC_TEACHER_TRACE`, read with
    // bench/trace-profile.ts).
    minify: process.env.BENCH_SYNC_TRACE || process.env.BENCH_SYNC_TEACHER_TRACE ? false : undefined,
  },
});
