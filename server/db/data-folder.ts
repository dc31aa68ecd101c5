import { createHash } from 'node:crypto';
import { chmod, mkdir, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';

// PGlite does not lock its data folder: a second process opening a folder a server holds would run a second
// PostgreSQL on the same files and corrupt them. So whoever opens a data folder (the server, the seed, a backup
// or a restore) listens on the folder's socket while it holds it: another opener finds it answering and stops,
// and `npm run backup` asks the holder for a snapshot through it instead of reading the files under it.

/** Thrown when another process holds the data folder. */
export class DataFolderHeldError extends Error {
  override name = 'DataFolderHeldError';
}

/** What the holder answers on its socket, as one JSON line; a dump's bytes follow an `ok` line. */
export type BackupAnswer =
  | { ok: true; bytes: number }
  | { ok: false; code: 'starting' | 'failed'; message: string };

/** The one question the socket takes. */
const BACKUP_ASK = 'backup\n';

/** A data folder this process holds until `close`. */
export interface DataFolderHold {
  /** From now on, answers a backup request with `dump()`: the database as a tar at one point in time. */
  serveBackups(dump: () => Promise<Blob>): void;
  close(): Promise<void>;
}

/**
 * The socket of a PGlite data folder: beside it (`<folder>.sock`, so it is never inside a dump), or, where that
 * path is too long for a Unix socket, one named after the folder in the temp folder; a named pipe on Windows.
 */
export function dataFolderSocket(dataDir: string): string {
  const folder = path.resolve(dataDir);
  const name = `school-admin-${createHash('sha256').update(folder).digest('hex').slice(0, 24)}`;
  if (process.platform === 'win32') return `\\\\.\\pipe\\${name}`;
  const beside = `${folder}.sock`;
  // Linux allows 107 bytes, macOS 103; stay under both.
  return Buffer.byteLength(beside) <= 100 ? beside : path.join(os.tmpdir(), `${name}.sock`);
}

/**
 * Takes the data folder for this process: fails with `DataFolderHeldError` when another process holds it, and
 * otherwise listens on its socket (only this user may connect) until `close`. A socket file left by a process
 * that was killed answers nothing and is replaced.
 */
export async function holdDataFolder(dataDir: string): Promise<DataFolderHold> {
  const socket = dataFolderSocket(dataDir);
  const probe = await connect(socket);
  if (probe.kind === 'connected') {
    probe.socket.destroy();
    throw new DataFolderHeldError(
      `The data folder ${path.resolve(dataDir)} is in use by another process (a running server, a seed, a backup or a restore); stop it first.`,
    );
  }
  if (probe.kind === 'stale') await rm(socket, { force: true });
  // The folder around the database (DATA_DIR) may not exist yet on a first start.
  if (process.platform !== 'win32') await mkdir(path.dirname(socket), { recursive: true });

  let dump: (() => Promise<Blob>) | undefined;
  const server = net.createServer((client) => {
    client.on('error', () => client.destroy());
    // A client that connects and asks nothing is let go; once asked, the dump may take its time.
    client.setTimeout(10_000, () => client.destroy());
    readAsk(client).then(
      async (ask) => {
        client.setTimeout(0);
        if (ask !== BACKUP_ASK) return client.destroy();
        if (!dump) {
          return endWith(client, { ok: false, code: 'starting', message: 'The server is still starting.' });
        }
        try {
          const snapshot = await dump();
          client.write(`${JSON.stringify({ ok: true, bytes: snapshot.size } satisfies BackupAnswer)}\n`);
          // Streamed from the dump as it is: a second copy of the whole database would double the memory.
          Readable.fromWeb(snapshot.stream())
            .on('error', () => client.destroy())
            .pipe(client);
        } catch (error) {
          endWith(client, { ok: false, code: 'failed', message: String(error) });
        }
      },
      () => client.destroy(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // The socket hands out the whole database: only the user who runs the server may connect.
  if (process.platform !== 'win32') await chmod(socket, 0o600);
  // It never keeps a process alive by itself: the database it guards does, until it is closed.
  server.unref();
  return {
    serveBackups(serve) {
      dump = serve;
    },
    close: () =>
      new Promise<void>((resolve) => {
        dump = undefined;
        server.close(() => resolve());
      }),
  };
}

/** What a backup request found: the holder's answer with its dump to read, or nobody holding the folder. */
export type BackupRequest =
  | { kind: 'none' }
  | { kind: 'refused'; answer: Extract<BackupAnswer, { ok: false }> }
  | { kind: 'dump'; bytes: number; stream: net.Socket };

/**
 * Asks the process holding `dataDir` for a backup. `dump` hands back the socket positioned at the dump's
 * first byte, with the count the holder announced (the reader checks it got them all).
 */
export async function requestBackup(dataDir: string): Promise<BackupRequest> {
  const probe = await connect(dataFolderSocket(dataDir));
  if (probe.kind !== 'connected') return { kind: 'none' };
  const { socket } = probe;
  socket.write(BACKUP_ASK);
  const { line, rest } = await readLine(socket);
  const answer = JSON.parse(line) as BackupAnswer;
  if (!answer.ok) {
    socket.destroy();
    return { kind: 'refused', answer };
  }
  // The bytes read past the header line go back in front of the rest of the stream.
  if (rest.byteLength > 0) socket.unshift(rest);
  return { kind: 'dump', bytes: answer.bytes, stream: socket };
}

type Probe = { kind: 'connected'; socket: net.Socket } | { kind: 'absent' } | { kind: 'stale' };

/** Connects to a folder's socket: someone holds it, nobody ever did, or a killed holder left its file. */
function connect(socket: string): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const client = net.connect(socket);
    client.once('connect', () => {
      client.removeAllListeners('error');
      resolve({ kind: 'connected', socket: client });
    });
    client.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') resolve({ kind: 'absent' });
      else if (error.code === 'ECONNREFUSED') resolve({ kind: 'stale' });
      else reject(error);
    });
  });
}

const MAX_LINE = 4096;

/** The first line a client sends (at most a few bytes are expected). */
async function readAsk(client: net.Socket): Promise<string> {
  const { line } = await readLine(client);
  return `${line}\n`;
}

/** Reads one `\n`-ended line and pauses the socket; `rest` holds the bytes that came after it. */
function readLine(socket: net.Socket): Promise<{ line: string; rest: Buffer }> {
  return new Promise((resolve, reject) => {
    let seen = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      seen = Buffer.concat([seen, chunk]);
      const end = seen.indexOf(10);
      if (end === -1) {
        if (seen.byteLength > MAX_LINE)
          finish(new Error('The answer on the data folder socket is too long.'));
        return;
      }
      socket.pause();
      finish(undefined, { line: seen.subarray(0, end).toString('utf8'), rest: seen.subarray(end + 1) });
    };
    const onEnd = () => finish(new Error('The data folder socket closed before answering.'));
    const finish = (error: Error | undefined, value?: { line: string; rest: Buffer }) => {
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('error', finish);
      if (error || !value) reject(error);
      else resolve(value);
    };
    socket.on('data', onData);
    socket.once('end', onEnd);
    socket.once('error', finish);
  });
}

function endWith(client: net.Socket, answer: BackupAnswer) {
  client.end(`${JSON.stringify(answer)}\n`);
}
