import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { BackupError, backupDatabase, restoreDatabase } from './backup';
import { runCommand } from './cli';

// `npm run backup -- FILE` and `npm run restore -- FILE` (README, Backups). Exit codes: 0 done, 1 refused or
// failed (the message says why), 2 wrong use or nothing for this tool to do (PostgreSQL).

const USAGE = 'usage: npm run backup -- FILE   |   npm run restore -- FILE';

const POSTGRES_HELP = `DATABASE_URL is set: the data is on a PostgreSQL server, which backs up with its own tools.
  backup (the server keeps serving; pg_dump reads one consistent snapshot):
    pg_dump --format=custom --file=school.dump "$DATABASE_URL"
  restore into a new, empty database:
    createdb school_restored
    pg_restore --no-owner --single-transaction --exit-on-error --dbname=postgres://…/school_restored school.dump`;

type Command = 'backup' | 'restore';

/** The command and its file, resolved from where `npm run` was typed (npm itself runs in the project folder). */
function readArguments(argv: readonly string[]): { command: Command; file: string } {
  const [command, file, ...extra] = argv;
  if ((command !== 'backup' && command !== 'restore') || !file || extra.length > 0) {
    throw new ConfigError(USAGE);
  }
  return { command, file: path.resolve(process.env.INIT_CWD ?? process.cwd(), file) };
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

async function run(): Promise<number> {
  const { command, file } = readArguments(process.argv.slice(2));
  const config = loadConfig();
  if (config.database.kind === 'postgres') {
    process.stderr.write(`${POSTGRES_HELP}\n`);
    return 2;
  }
  const pgliteDir = config.database.dataDir;
  if (pgliteDir === undefined) throw new ConfigError('The server has no data folder to back up.');
  // loadConfig keeps the database in DATA_DIR/pglite: the data folder is the one around it.
  const dataFolder = path.dirname(pgliteDir);

  if (command === 'backup') {
    const result = await backupDatabase(pgliteDir, file);
    const source = result.from === 'server' ? 'the running server' : `${dataFolder} (no server was running)`;
    config.print(`Backed up the database of ${source}, ${megabytes(result.bytes)}, to ${file}`);
    return 0;
  }
  const result = await restoreDatabase(file, dataFolder, pgliteDir);
  config.print(
    `Restored ${file} into ${dataFolder}: ${result.users} users, ${result.migrations} migrations applied. ` +
      'Start the server on it with npm start (it applies any newer migrations).',
  );
  return 0;
}

runCommand(run, [BackupError]);
