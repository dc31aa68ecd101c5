import { count, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordHasher, type PasswordHasher } from '../passwords';
import { demoSchoolRows } from '../testing/demo-rows';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import { type DatabaseHandle, openDatabase } from './client';
import * as schema from './schema';
import { DEMO_ACCOUNTS, seedDemoSchool } from './seed';

let testDatabase: TestDatabase;
let database: DatabaseHandle;
let passwords: PasswordHasher;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase(testDatabase.config);
  await database.withStartupLock(() => database.migrate());
  passwords = await createPasswordHasher({ memoryCost: 64, timeCost: 1 });
});

afterAll(async () => {
  await database.close();
  await testDatabase.drop();
});

async function total(table: PgTable): Promise<number> {
  const [row] = await database.db.select({ total: count() }).from(table);
  return row?.total ?? 0;
}

describe('demo seed', () => {
  // A whole scale-1 school, written and read back: about 18 s on a quiet 2-core machine, over 30 s under load.
  it('seeds a scale-1 school once, every row past the constraints, and prints the demo accounts', async () => {
    const printed: string[] = [];
    const options = {
      demoPassword: 'seed-pass-1',
      passwords,
      now: new Date('2027-01-15T03:00:00Z'),
      print: (line: string) => printed.push(line),
      scale: 1,
    };

    const first = await seedDemoSchool(database.db, options);
    expect(first.seeded).toBe(true);
    const output = printed.join('\n');
    for (const account of DEMO_ACCOUNTS) expect(output).toContain(account.email);
    expect(output).toContain('seed-pass-1');

    // Every generated row is in the database: none was dropped and the constraints refused none.
    const generated = demoSchoolRows(1, options.now);
    for (const { table, rows } of generated) {
      expect({ table: getTableName(table), rows: await total(table) }).toEqual({
        table: getTableName(table),
        rows: rows.length,
      });
    }
    expect(first.counts).toEqual(generated.map(({ name, rows }) => ({ table: name, rows: rows.length })));
    expect(await total(schema.attendances)).toBeGreaterThan(0);

    const usersAfterFirst = await total(schema.users);
    const second = await seedDemoSchool(database.db, options);
    expect(second.seeded).toBe(false);
    expect(await total(schema.users)).toBe(usersAfterFirst);
  }, 120_000);
});
