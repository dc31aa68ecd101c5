import { ConfigError, loadConfig } from '../config';
import { createPasswordHasher } from '../modules/auth/passwords';
import { openDatabase } from './client';
import { seedDemoSchool } from './seed';

/** `npm run seed`: migrates and seeds the configured database if it has no users yet. */
async function run(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const passwords = await createPasswordHasher(config.passwordHashing);
    const result = await database.withStartupLock(async (db) => {
      await database.migrate();
      return seedDemoSchool(db, {
        demoPassword: config.demoPassword,
        passwords,
        now: config.now(),
        print: config.print,
      });
    });
    if (!result.seeded) config.print('The database already has users; nothing seeded.');
  } finally {
    await database.close();
  }
}

run().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
});
