// Unit and server tests: on in-memory PGlite, and beside it the server suite again on PostgreSQL when
// TEST_DATABASE_URL names one (ARCHITECTURE §6). Exits non-zero when either pass fails.
//
// The two passes run side by side: the PostgreSQL pass runs one file at a time and keeps about half of a
// 2-core machine busy (151 s of wall time for 167 s of CPU here), so beside the PGlite pass it costs little
// more than the CPU it uses. Its output is kept and printed whole when it ends, so the two do not interleave.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const { TEST_DATABASE_URL: postgresUrl, ...withoutPostgres } = process.env;

/** Runs Vitest with `args`; `echo` streams its output, else it is returned for printing later. */
function run(args, env, echo) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', ...args], {
      cwd: root,
      env,
      stdio: echo ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => resolve({ ok: code === 0, code: code ?? (signal ? 1 : 0), output }));
  });
}

const postgresLabel = postgresUrl
  ? `server tests on PostgreSQL (${postgresUrl.replace(/\/\/[^@]*@/, '//…@')})`
  : undefined;
if (postgresLabel) console.log(`▶ ${postgresLabel}: running beside the PGlite pass; its output follows it`);
const postgresPass = postgresUrl
  ? run(
      // One file at a time: transaction ids and the oldest one running are the whole PostgreSQL server's, so a
      // file's open transaction, in its own database, holds back what another file's pulls may see yet.
      ['--project', 'node', '--maxWorkers', '1', 'server'],
      process.env,
      false,
    )
  : Promise.resolve(undefined);

console.log('\n▶ unit, domain and server tests (PGlite)');
const pglite = await run([], withoutPostgres, true);

const postgres = await postgresPass;
if (postgres) {
  console.log(`\n▶ ${postgresLabel}`);
  process.stdout.write(Buffer.concat(postgres.output));
} else {
  console.log('\nTEST_DATABASE_URL is not set: the server suite ran on PGlite only.');
}

if (!pglite.ok) process.exit(pglite.code || 1);
if (postgres && !postgres.ok) process.exit(postgres.code || 1);
