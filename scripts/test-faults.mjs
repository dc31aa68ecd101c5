// Runs the sync fault property (tests/sync/faults.test.ts) under many seeds, one after the other, and names
// every seed that fails: `npm run test:faults -- --seeds 200 [--from S] [--runs R]`. Without --from the
// seeds start at a fresh random one, printed, so any run can be replayed with FAULT_SEED and FAULT_RUNS.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '1' },
    from: { type: 'string' },
    runs: { type: 'string', default: '3' },
  },
});

function wholeNumber(name, text) {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) {
    console.error(`--${name} takes a whole number, not ${text}`);
    process.exit(2);
  }
  return value;
}

const seeds = wholeNumber('seeds', values.seeds);
const runs = wholeNumber('runs', values.runs);
const from =
  values.from === undefined ? Math.floor(Math.random() * 2 ** 31) : wholeNumber('from', values.from);
console.log(`fault property: ${seeds} seeds from ${from}, ${runs} runs each`);

const result = spawnSync(process.execPath, [vitest, 'run', 'tests/sync/faults.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FAULT_SEED: String(from), FAULT_SEEDS: String(seeds), FAULT_RUNS: String(runs) },
});
process.exit(result.status ?? 1);
