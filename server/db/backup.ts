import { createWriteStream } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gunzipSync } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { holdDataFolder, requestBackup } from './data-folder';
import { createPglite, dumpConsistently } from './pglite';

/** A backup or restore that cannot be done, with the sentence that says why (the CLI prints it). */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** Where a backup came from: the running server that holds the folder, or the folder opened by the backup. */
export interface BackupResult {
  from: 'server' | 'folder';
  /** Size of the database before compression, bytes. */
  bytes: number;
}

/**
 * Writes a snapshot of the PGlite database in `pgliteDir` to `file` as a gzip-compressed tar. A running
 * server is asked for it through the folder's socket and keeps serving meanwhile (`dumpConsistently`: one
 * point between transactions); with no server, the folder is opened, held and dumped the same way. The file
 * appears only once complete: it is written beside itself and renamed. Only its owner may read it: it holds
 * every record of the school, password hashes included.
 */
export async function backupDatabase(pgliteDir: string, file: string): Promise<BackupResult> {
  const partial = `${file}.partial`;
  try {
    const request = await requestBackup(pgliteDir);
    if (request.kind === 'refused') {
      throw new BackupError(
        request.answer.code === 'starting'
          ? 'The server is still starting; try again in a moment.'
          : `The server could not make the backup: ${request.answer.message}`,
      );
    }
    if (request.kind === 'dump') {
      let received = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          received += chunk.byteLength;
          done(null, chunk);
        },
      });
      await pipeline(request.stream, counted, createGzip(), await ownerOnlyFile(partial));
      // A server stopped halfway closes the socket early: a short file is no backup.
      if (received !== request.bytes) {
        throw new BackupError(`The server stopped sending after ${received} of ${request.bytes} bytes.`);
      }
      await rename(partial, file);
      return { from: 'server', bytes: received };
    }
    const dump = await dumpFolder(pgliteDir);
    await pipeline(
      Readable.from(Buffer.from(await dump.arrayBuffer())),
      createGzip(),
      await ownerOnlyFile(partial),
    );
    await rename(partial, file);
    return { from: 'folder', bytes: dump.size };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** A new file only its owner may read or write (one left by a killed backup is replaced, with its mode). */
async function ownerOnlyFile(file: string) {
  await rm(file, { force: true });
  return createWriteStream(file, { mode: 0o600 });
}

/** Opens a folder no server holds (holding it meanwhile) and dumps it; never makes a database where none is. */
async function dumpFolder(pgliteDir: string): Promise<Blob> {
  const hasDatabase = await access(path.join(pgliteDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (!hasDatabase) throw new BackupError(`There is no database in ${pgliteDir} to back up.`);
  const hold = await holdDataFolder(pgliteDir);
  try {
    const client = await createPglite(pgliteDir, undefined);
    try {
      return await dumpConsistently(client);
    } finally {
      await client.close();
    }
  } finally {
    await hold.close();
  }
}

/** What a restore put in place. */
export interface RestoreResult {
  users: number;
  migrations: number;
}

/**
 * Restores a backup of `backupDatabase` into the data folder `dataFolder`, whose PGlite database lives in
 * `pgliteDir` (inside it). The folder must be missing or empty: a restore never mixes with or replaces data
 * (`BackupError` otherwise). A file that is not such a backup is refused, and whatever the restore wrote is
 * removed again, so it can be run anew.
 */
export async function restoreDatabase(
  file: string,
  dataFolder: string,
  pgliteDir: string,
): Promise<RestoreResult> {
  const present = await readdir(dataFolder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (present.length > 0) {
    throw new BackupError(
      `The data folder ${dataFolder} is not empty: a restore goes into an empty folder. Move it aside, or set DATA_DIR to a new folder.`,
    );
  }
  const dump = await readBackup(file);
  await mkdir(dataFolder, { recursive: true });
  const hold = await holdDataFolder(pgliteDir);
  try {
    const client = await createPglite(pgliteDir, dump);
    try {
      return await describeRestored(client, file);
    } finally {
      await client.close();
    }
  } catch (error) {
    // The folder was empty and is still held: remove what the restore wrote, so a second try starts clean.
    await rm(pgliteDir, { recursive: true, force: true });
    throw error;
  } finally {
    await hold.close();
  }
}

/** The backup file as the tar PGlite loads, unzipped; refuses a file that is no tar at all. */
async function readBackup(file: string): Promise<Blob> {
  const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new BackupError(`There is no file ${file}.`);
    throw error;
  });
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  let tar: Buffer;
  try {
    tar = gzipped ? gunzipSync(bytes) : bytes;
  } catch {
    throw new BackupError(`${file} is damaged: it does not unzip.`);
  }
  // Every tar entry's header carries "ustar" at offset 257.
  if (tar.subarray(257, 262).toString('latin1') !== 'ustar') {
    throw new BackupError(`${file} is not a backup made by npm run backup.`);
  }
  return new Blob([new Uint8Array(tar)]);
}

/** Checks the restored database is this app's (its migrations are recorded) and counts what it holds. */
async function describeRestored(client: PGlite, file: string): Promise<RestoreResult> {
  // A database without this app's tables fails the query: that is no backup of ours either.
  const found = await client
    .query<{ migrations: number; users: number }>(
      `select (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
              (select count(*)::int from users) as users`,
    )
    .catch(() => ({ rows: [] }));
  const [row] = found.rows;
  if (!row || row.migrations === 0) throw new BackupError(`${file} is not a backup of this app's database.`);
  return { users: row.users, migrations: row.migrations };
}
