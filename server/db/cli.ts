import { ConfigError } from '../config';
import { DataFolderHeldError } from './data-folder';

/** An error a command explains in its own message (a wrong setting, a held data folder, a refused backup). */
type ExplainedError = abstract new (...args: never[]) => Error;

/**
 * Runs an operator's command (`npm run backup`, `erasure`, `access-log:check`) and exits with the code it
 * answers. A failure it threw prints its message when it explains itself, else its text; a wrong use or a
 * wrong setting (ConfigError) exits 2, anything else 1.
 */
export function runCommand(run: () => Promise<number>, explained: readonly ExplainedError[] = []): void {
  const known = [ConfigError, DataFolderHeldError, ...explained];
  run().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const told = known.some((kind) => error instanceof kind) && error instanceof Error;
      process.stderr.write(`${told ? error.message : String(error)}\n`);
      process.exit(error instanceof ConfigError ? 2 : 1);
    },
  );
}
