import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

// Two projects: pure code and the server run in Node; the SPA's units run in happy-dom with the same
// plugins as the app build (Lingui macros, router) so components compile exactly as they ship.
export default defineConfig({
  test: {
    // Both cores: Vitest keeps one free by default, which on a 2-core machine meant one file at a time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          globalSetup: ['server/testing/pglite-template.global.ts'],
          // Files of a worker share its loaded modules: importing the server anew for each file was a third of
          // the suite's time. No server test replaces a module or a global (no vi.mock, no stubs).
          isolate: false,
          include: [
            'domain/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/sync/**/*.test.ts',
          ],
          // Tests that need several concurrent sessions run only where a PostgreSQL server is given.
          exclude: process.env.TEST_DATABASE_URL
            ? ['**/node_modules/**']
            : ['**/node_modules/**', '**/*.postgres.test.ts'],
          testTimeout: 30_000,
          // A file's set-up may build two apps, each migrating an in-memory database: over a minute on a
          // loaded 2-core machine (a CI run at load 15 timed out here, with every assertion still to run).
          hookTimeout: 120_000,
        },
      },
      mergeConfig(viteConfig, {
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test-setup.ts'],
        },
      }),
    ],
  },
});
