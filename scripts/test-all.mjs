// `npm test`: every check CI runs, in the order their needs allow (after `pretest` installed Chromium and fonts).
//
// The static checks and the build do not depend on each other, and the typecheck keeps one core busy for most
// of a minute while the other has nothing to do: so the typecheck runs beside lint, the dependency rule and the
// build, and only then the unit and server tests and the browser tests (which need the build), one after the
// other because each of them alone fills both cores. Output of the checks run side by side is kept and printed
// whole, one check after another, so that their lines do not interleave. Exits non-zero at the first failure.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run <script>`; `echo` streams its output, else it is kept for printing later. */
function npmRun(script, echo) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(npm, ['run', '--silent', script], {
      cwd: root,
      stdio: echo ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) =>
      resolve({
        script,
        ok: code === 0,
        code: code ?? (signal ? 1 : 0),
        output,
        seconds: (performance.now() - started) / 1000,
      }),
    );
  });
}

function stopOn(result) {
  if (!result.ok) {
    console.error(`\n✗ npm run ${result.script} failed (exit ${result.code})`);
    process.exit(result.code || 1);
  }
}

/** Runs scripts one after another in one lane, stopping the lane at its first failure. */
async function lane(scripts) {
  const results = [];
  for (const script of scripts) {
    const result = await npmRun(script, false);
    results.push(result);
    if (!result.ok) break;
  }
  return results;
}

async function inSequence(script) {
  console.log(`\n▶ npm run ${script}`);
  const result = await npmRun(script, true);
  console.log(`  (${result.seconds.toFixed(0)} s)`);
  stopOn(result);
}

// The compiled catalogues are read by the typecheck, the build and the tests alike.
await inSequence('i18n:compile');

console.log('\n▶ typecheck, beside lint, the dependency rule and the build');
const lanes = await Promise.all([lane(['typecheck']), lane(['lint', 'check:deps', 'build'])]);
const sideBySide = lanes.flat();
for (const result of sideBySide) {
  console.log(`\n▶ npm run ${result.script} (${result.seconds.toFixed(0)} s)`);
  process.stdout.write(Buffer.concat(result.output));
}
for (const result of sideBySide) stopOn(result);

await inSequence('test:unit');
await inSequence('test:e2e');
