import { count } from 'drizzle-orm';
import { type AccountRole, Role } from '../../domain/roles';
import type { PasswordHasher } from '../passwords';
import type { Database, Transaction } from './client';
import { type DemoAccount, NAMED_ACCOUNTS, QUICK_START_ACCOUNTS } from './demo/accounts';
import { generateDemoSchool } from './demo/generate';
import { insertTables, rowCounts } from './demo/insert';
import { users } from './schema';
import { nextSequence, SyncScope } from './sequence';

export { DEMO_ACCOUNTS, type DemoAccount } from './demo/accounts';

/** The seed of the demo school unless one is given: every demo looks the same. */
export const DEFAULT_DEMO_SEED = 20_260_401;

const ROLE_LABELS: Record<AccountRole, string> = {
  [Role.observer]: 'observer',
  [Role.teacher]: 'teacher',
  [Role.admin]: 'admin',
  [Role.superAdmin]: 'super admin',
  [Role.student]: 'student',
  [Role.guardian]: 'guardian',
};

/** What the seed needs besides the database. */
export interface SeedOptions {
  demoPassword: string;
  passwords: PasswordHasher;
  now: Date;
  print: (line: string) => void;
  /** Size of the school (default 1, about 600 students; 0 is the named accounts and master data only). */
  scale?: number;
  /** Seed of the generator (default `DEFAULT_DEMO_SEED`). */
  seed?: number;
}

/** Whether the seed ran, the accounts it made and how many rows each table got. */
export interface SeedResult {
  seeded: boolean;
  accounts: DemoAccount[];
  counts: { table: string; rows: number }[];
}

/**
 * Seeds the demo school when the database has no users, in one transaction; a second call does nothing.
 * The school is generated from a seed (see demo/generate.ts), so the same seed, scale and day give the same
 * rows, ids included.
 */
export async function seedDemoSchool(db: Database, options: SeedOptions): Promise<SeedResult> {
  if (!(await hasNoUsers(db))) return { seeded: false, accounts: [], counts: [] };
  const scale = options.scale ?? 1;

  // Hashed before the transaction: argon2 is slow on purpose and must not hold the sequence locks. Generated
  // accounts share one hash of the same demo password; thousands of hashes would take minutes.
  const accountHashes = await Promise.all(
    NAMED_ACCOUNTS.map(() => options.passwords.hash(options.demoPassword)),
  );
  const bulkHash = accountHashes[0] ?? (await options.passwords.hash(options.demoPassword));

  const counts = await db.transaction(async (tx) => {
    // Re-checked inside the transaction in case another process seeded meanwhile.
    if (!(await hasNoUsers(tx))) return null;
    const tables = generateDemoSchool({
      scale,
      seed: options.seed ?? DEFAULT_DEMO_SEED,
      now: options.now,
      accountHashes,
      bulkHash,
      seqs: await takeSequences(tx),
    });
    await insertTables(tx, tables);
    return rowCounts(tables);
  });
  if (counts === null) return { seeded: false, accounts: [], counts: [] };

  const accounts = [...NAMED_ACCOUNTS];
  printAccounts(options.print, [...QUICK_START_ACCOUNTS], options.demoPassword);
  return { seeded: true, accounts, counts };
}

async function hasNoUsers(db: Database | Transaction): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(users);
  return (row?.total ?? 0) === 0;
}

/** One sequence per scope: the whole seed is one change of each, its rows ordered within it by id. */
async function takeSequences(tx: Transaction): Promise<Record<SyncScope, number>> {
  const entries: [SyncScope, number][] = [];
  for (const scope of Object.values(SyncScope)) entries.push([scope, await nextSequence(tx, scope)]);
  return Object.fromEntries(entries) as Record<SyncScope, number>;
}

function printAccounts(print: (line: string) => void, accounts: DemoAccount[], password: string): void {
  const width = Math.max(...accounts.map((account) => account.email.length));
  print('');
  print('Demo school created. Sign in with any of these accounts:');
  print(`  ${'email'.padEnd(width)}  role             password`);
  for (const account of accounts) {
    const role = `${ROLE_LABELS[account.role]} (${account.role})`;
    const note = account.mustChangePassword ? '  (chooses a new password first)' : '';
    print(`  ${account.email.padEnd(width)}  ${role.padEnd(15)}  ${password}${note}`);
  }
  print(`More demo teachers and students (teacher2@demo.test, student2@demo.test, …) share the password.`);
  print('');
}
