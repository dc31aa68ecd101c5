import { loadConfig } from '../../config';
import { runCommand } from '../../db/cli';
import { openDatabase } from '../../db/client';
import { createChangeFeed } from '../../feed/change-feed';
import { createPostgresRelay } from '../../feed/postgres-relay';
import { erasureArguments, erasureCommand } from './erasure-command';

// `npm run erasure -- [--dry-run]`: the nightly erasure's pass, run now (server/modules/privacy/erasure-command.ts).
// Exit codes: 0 done, 1 failed (the message says why), 2 wrong use or a wrong setting. On PGlite the data
// folder has one opener: stop the server first (or use `POST /api/erasure/run` while it serves). On
// PostgreSQL the running servers hear of the new names as of any write, and devices replace them.

async function run(): Promise<number> {
  const argv = process.argv.slice(2);
  erasureArguments(argv);
  const config = loadConfig();
  const database = await openDatabase(config.database);
  const feed = createChangeFeed(
    config.database.kind === 'postgres' ? await createPostgresRelay(config.database.url) : undefined,
  );
  try {
    await database.withStartupLock(() => database.migrate());
    return await erasureCommand(argv, {
      db: database.db,
      feed,
      config,
      afterDays: config.erasureAfterDays ?? 0,
      now: config.now(),
      print: config.print,
    });
  } finally {
    await feed.close();
    await database.close();
  }
}

runCommand(run);
