import { ConfigError, loadConfig } from '../config';
import { runCommand } from '../db/cli';
import { openDatabase } from '../db/client';
import { checkAccessLog, describeBreak } from './check';

// `npm run access-log:check`: walks the access log's hash chain (docs/access-log.md). Exit codes: 0 the chain
// holds, 1 it breaks (the first broken entry is named) or the database could not be read, 2 wrong use.
// On PGlite the data folder has one opener: stop the server first, or check a restored backup.

async function run(): Promise<number> {
  if (process.argv.length > 2) throw new ConfigError('usage: npm run access-log:check');
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await database.withStartupLock(() => database.migrate());
    const { checked, broken } = await checkAccessLog(database.db);
    if (broken) {
      process.stderr.write(`The access log is broken at ${describeBreak(broken)}\n`);
      return 1;
    }
    config.print(`The access log holds: ${checked} entries chained from the first.`);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(run);
