// Unit and server tests: once on in-memory PGlite, then the server suite again on PostgreSQL when
// TEST_DATABASE_URL names one (ARCHITECTURE §6). Exits non-zero on the first failing run.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const { TEST_DATABASE_URL: postgresUrl, ...withoutPostgres } = process.env;

function run(label, args, env) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(process.execPath, [vitest, 'run', ...args], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('unit, domain and server tests (PGlite)', [], withoutPostgres);
if (postgresUrl) {
  run(
    `server tests on PostgreSQL (${postgresUrl.replace(/\/\/[^@]*@/, '//…@')})`,
    // One file at a time: transaction ids and the oldest one running are the whole PostgreSQL server's, so a
    // file's open transaction, in its own database, holds back what another file's pulls may see yet.
    ['--project', 'node', '--maxWorkers', '1', 'server'],
    process.env,
  );
} else {
  console.log('\nTEST_DATABASE_URL is not set: the server suite ran on PGlite only.');
}
