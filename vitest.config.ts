import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

// Two projects: pure code and the server run in Node; the SPA's units run in happy-dom with the same
// plugins as the app build (Lingui macros, router) so components compile exactly as they ship.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
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
