import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { createPasswordHasher } from '../passwords';
import { openDatabase } from './client';
import { DEFAULT_DEMO_SEED, seedDemoSchool } from './seed';

const USAGE =
  'usage: npm run seed -- [--scale N] [--seed S]   (fills DATABASE_URL, else DATA_DIR, if it has no users)';

/** Reads `--scale` and `--seed`: whole numbers, scale at least 0. */
function readArguments(): { scale: number; seed: number } {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '1' },
      seed: { type: 'string', default: String(DEFAULT_DEMO_SEED) },
    },
  });
  const scale = Number(values.scale);
  const seed = Number(values.seed);
  if (!Number.isInteger(scale) || scale < 0 || !Number.isInteger(seed)) throw new ConfigError(USAGE);
  return { scale, seed };
}

/** `npm run seed`: migrates and seeds the configured database if it has no users yet, and says how long it took. */
async function run(): Promise<void> {
  const { scale, seed } = readArguments();
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const passwords = await createPasswordHasher(config.passwordHashing);
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const result = await database.withStartupLock(async (db) => {
      await database.migrate();
      return seedDemoSchool(db, {
        demoPassword: config.demoPassword,
        passwords,
        now: config.now(),
        print: config.print,
        scale,
        seed,
      });
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    // CPU time of this process (PGlite runs inside it), a figure that does not depend on other load.
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = ((cpu.user + cpu.system) / 1_000_000).toFixed(1);
    if (!result.seeded) {
      config.print('The database already has users; nothing seeded.');
      return;
    }
    const width = Math.max(...result.counts.map((entry) => entry.table.length));
    const total = result.counts.reduce((sum, entry) => sum + entry.rows, 0);
    config.print(
      `Seeded scale ${scale} (seed ${seed}) on ${database.kind} in ${seconds} s, ${cpuSeconds} s of CPU in this process (migrations included):`,
    );
    for (const entry of result.counts)
      config.print(`  ${entry.table.padEnd(width)}  ${String(entry.rows).padStart(8)}`);
    config.print(`  ${'total'.padEnd(width)}  ${String(total).padStart(8)}`);
  } finally {
    await database.close();
  }
}

run().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
});
