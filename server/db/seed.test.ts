import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordHasher, type PasswordHasher } from '../modules/auth/passwords';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import { type DatabaseHandle, openDatabase } from './client';
import { universities, users } from './schema';
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

async function total(table: typeof users | typeof universities): Promise<number> {
  const [row] = await database.db.select({ total: count() }).from(table);
  return row?.total ?? 0;
}

describe('demo seed', () => {
  it('seeds an empty database once and prints the demo accounts', async () => {
    const printed: string[] = [];
    const options = {
      demoPassword: 'seed-pass-1',
      passwords,
      now: new Date(),
      print: (line: string) => printed.push(line),
    };

    const first = await seedDemoSchool(database.db, options);
    expect(first.seeded).toBe(true);
    const output = printed.join('\n');
    for (const account of DEMO_ACCOUNTS) expect(output).toContain(account.email);
    expect(output).toContain('seed-pass-1');
    const usersAfterFirst = await total(users);
    const universitiesAfterFirst = await total(universities);
    expect(usersAfterFirst).toBeGreaterThanOrEqual(DEMO_ACCOUNTS.length);

    const second = await seedDemoSchool(database.db, options);
    expect(second.seeded).toBe(false);
    expect(await total(users)).toBe(usersAfterFirst);
    expect(await total(universities)).toBe(universitiesAfterFirst);
  });
});
