import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseConfig } from '../config';
import { createTestDatabase, migratedTemplate, type TestDatabase } from './test-app';

/**
 * A test database that outlives the app built on it, for tests of a restart: a fresh database on
 * `TEST_DATABASE_URL`'s server, or PGlite in a folder of its own (an in-memory one ends with its app). The
 * folder's first open starts from the run's migrated template; later opens find the folder as the last app
 * left it.
 */
export async function createDurableTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE_URL) return createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'school-durable-'));
  const startFrom = await migratedTemplate();
  let opened = false;
  return {
    get config(): DatabaseConfig {
      const config: DatabaseConfig = { kind: 'pglite', dataDir, startFrom: opened ? undefined : startFrom };
      opened = true;
      return config;
    },
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}
