import { ConfigError } from '../../config';
import { type ErasureDeps, type ErasureOutcome, runErasure } from './erasure';

// `npm run erasure -- [--dry-run]` (README, Scripts; docs/access-log.md, Erasure on time): the nightly job's
// pass run once by the operator, through the job's own code (`runErasure`), printing what it did or would do.

/** The command line the operator types. */
export const ERASURE_USAGE = 'usage: npm run erasure -- [--dry-run]';

/** Reads the command's arguments: nothing (erase) or `--dry-run` (list only); anything else is wrong use. */
export function erasureArguments(argv: readonly string[]): { dryRun: boolean } {
  if (argv.length === 0) return { dryRun: false };
  if (argv.length === 1 && argv[0] === '--dry-run') return { dryRun: true };
  throw new ConfigError(ERASURE_USAGE);
}

/** The lines the command prints about one pass: what it did, or in a dry run what it would do. */
export function describeErasure(outcome: ErasureOutcome): string[] {
  if (outcome.afterDays <= 0) {
    return ['ERASURE_AFTER_DAYS is 0: no student is ever erased, and nothing was changed.'];
  }
  const kept = `left more than ${outcome.afterDays} days ago (ERASURE_AFTER_DAYS)`;
  if (outcome.students.length === 0) {
    return [`No student is due: none ${kept} still has their identity. Nothing was changed.`];
  }
  const count = `${outcome.students.length} student${outcome.students.length === 1 ? '' : 's'}`;
  const list = outcome.students.map(
    (item) =>
      `  student ${item.studentId} (account ${item.userId}), left ${item.leftAt.toISOString().slice(0, 10)}`,
  );
  if (outcome.dryRun) {
    return [
      `Dry run: ${count} ${kept} would be erased (name, kana, mail, phone, avatar and student number replaced, sign-in ended); nothing was changed:`,
      ...list,
    ];
  }
  return [
    `Erased ${count} ${kept}: name, kana, mail, phone and student number replaced, sign-in ended, ` +
      `${outcome.avatarsRemoved} avatar file${outcome.avatarsRemoved === 1 ? '' : 's'} deleted; ` +
      'their marks, scores and enrolments kept for statistics. The access log names them in one entry of the server:',
    ...list,
  ];
}

/**
 * Runs the command: one pass of the erasure at `now` with the setting's days, printed line by line through
 * `print`. Answers the process's exit code (0: done, dry run or not).
 */
export async function erasureCommand(
  argv: readonly string[],
  deps: ErasureDeps & { afterDays: number; now: Date; print: (line: string) => void },
): Promise<number> {
  const { dryRun } = erasureArguments(argv);
  const outcome = await runErasure(deps, { now: deps.now, afterDays: deps.afterDays, dryRun });
  for (const line of describeErasure(outcome)) deps.print(line);
  return 0;
}
