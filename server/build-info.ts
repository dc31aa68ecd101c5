import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

const packageSchema = z.object({ version: z.string() });
const buildFileSchema = z.object({ build: z.string().min(1) });

/** The app version from package.json, resolved from this file so the working directory does not matter. */
export async function readAppVersion(): Promise<string> {
  const raw = await readFile(new URL('../package.json', import.meta.url), 'utf8');
  return packageSchema.parse(JSON.parse(raw)).version;
}

/**
 * The id of the browser build being served, from `build.json` that the build writes; `dev` without a build.
 * Read on each call so a rebuild shows without restarting the server.
 */
export async function readBuildId(staticDir: string): Promise<string> {
  try {
    const raw = await readFile(path.join(staticDir, 'build.json'), 'utf8');
    const parsed = buildFileSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.build : 'dev';
  } catch {
    return 'dev';
  }
}
