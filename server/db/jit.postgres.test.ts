import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import { type DatabaseHandle, openDatabase } from './client';
import { queryRows } from './rows';

// Runs only against PostgreSQL (TEST_DATABASE_URL; see vitest.config.ts).
let testDatabase: TestDatabase;
let database: DatabaseHandle;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase(testDatabase.config);
});

afterAll(async () => {
  await database.close();
  await testDatabase.drop();
});

describe("the server's PostgreSQL sessions", () => {
  it('run without JIT compilation, in and out of a transaction (docs/morning.md)', async () => {
    const setting = z.object({ jit: z.string() });
    const [alone] = await queryRows(database.db, sql`show jit`, setting);
    const [within] = await database.db.transaction((tx) => queryRows(tx, sql`show jit`, setting));
    expect([alone?.jit, within?.jit]).toEqual(['off', 'off']);
  });
});
