import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { createLoadMeter, type DatabaseLoad } from './load';
import { asksOwnParsers } from './pglite';

/**
 * PGlite on a thread of its own (issue #23). PGlite runs each statement synchronously in WebAssembly, so on the
 * server's thread a burst of writes kept the event loop from reading the requests waiting behind them: under
 * 400 saves a second the server answered in under 280 ms once it had read a request, but clients saw seconds.
 * Here the statements run on a worker thread and the server's thread only parses, checks and answers.
 *
 * What drizzle asks of a PGlite client (`query`, `transaction` with a `query` of its own) is forwarded as
 * messages. PGlite's own locks still order the statements: a transaction holds the database until it ends,
 * as it does on the server's thread.
 */
export interface PgliteThread {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(work: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T>;
  /** The data folder as a tar at one point between transactions (`dumpConsistently`): backups, test templates. */
  dumpDataDir(): Promise<Blob>;
  /** What waits for the database thread or runs on it now, and its busy time (metrics, load shed). */
  load(): DatabaseLoad;
  close(): Promise<void>;
}

/** An open transaction on the database thread. */
export interface PgliteThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

/** What the server's thread asks the database thread; every ask is answered once, by its `id`. */
export type ThreadAsk =
  | { id: number; op: 'query'; text: string; params: unknown[] | undefined; rowMode: RowMode; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

type RowMode = QueryOptions['rowMode'];

/** The database thread's answer: the value, or the error's message, name and own plain fields (code, detail…). */
export type ThreadAnswer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: ThreadError };

export type ThreadError = {
  message: string;
  name: string;
  fields: Record<string, string | number | boolean>;
};

/** What the database thread is given to start. */
export interface ThreadStart {
  dataDir: string | undefined;
  startFrom: ArrayBuffer | undefined;
}

/** The thread's first message: the database is open, or why it could not be. */
export type ThreadReady = { ready: true } | { ready: false; error: ThreadError };

// A plain module that registers tsx in the worker, then imports `pglite-thread.worker.ts`.
const workerFile = new URL('./pglite-thread-entry.mjs', import.meta.url);

/** Opens PGlite on its own thread: in `dataDir` or in memory, optionally starting as the dump `startFrom`. */
export async function openPgliteThread(
  dataDir: string | undefined,
  startFrom: Blob | undefined,
): Promise<PgliteThread> {
  const start: ThreadStart = { dataDir, startFrom: startFrom && (await startFrom.arrayBuffer()) };
  const worker = new Worker(workerFile, {
    workerData: start,
    transferList: start.startFrom ? [start.startFrom] : [],
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let stopped: Error | undefined;
  let lastId = 0;
  // Every ask waits in the thread's message queue until PGlite takes it: counted from sending to answer.
  const meter = createLoadMeter();

  const stop = (error: Error) => {
    stopped ??= error;
    for (const { reject } of pending.values()) reject(stopped);
    pending.clear();
  };

  await new Promise<void>((resolve, reject) => {
    worker.once('message', (first: ThreadReady) => {
      if (first.ready) resolve();
      else reject(errorFrom(first.error));
    });
    worker.once('error', reject);
  });
  worker.on('message', (answer: ThreadAnswer) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if (answer.ok) waiting.resolve(answer.value);
    else waiting.reject(errorFrom(answer.error));
  });
  // A database thread that dies unasked leaves a server that can answer nothing: the process stops with its
  // cause (an uncaught exception), so whatever supervises it starts it again instead of serving errors.
  let closing = false;
  worker.on('error', (error) => {
    stop(error);
    if (!closing) throw error;
  });
  worker.on('exit', (code) => {
    stop(new Error(`The database thread stopped (exit code ${code}).`));
    if (!closing) throw stopped;
  });

  function ask(question: DistributiveOmit<ThreadAsk, 'id'>): Promise<unknown> {
    if (stopped) return Promise.reject(stopped);
    const id = ++lastId;
    const end = meter.begin();
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...question, id });
    }).finally(end);
  }

  function query<T>(
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx?: number,
  ) {
    if (asksOwnParsers(options) || options?.serializers || options?.blob) {
      throw new Error('The database thread reads values with its own parsers only.');
    }
    return ask({ op: 'query', text, params, rowMode: options?.rowMode, tx }) as Promise<Results<T>>;
  }

  return {
    query: (text, params, options) => query(text, params, options),
    async transaction(work) {
      // An open transaction holds the database between its statements: busy until it ends.
      const end = meter.begin();
      try {
        const tx = (await ask({ op: 'begin' })) as number;
        let result: Awaited<ReturnType<typeof work>>;
        try {
          result = await work({ query: (text, params, options) => query(text, params, options, tx) });
        } catch (error) {
          await ask({ op: 'end', tx, commit: false });
          throw error;
        }
        await ask({ op: 'end', tx, commit: true });
        return result;
      } finally {
        end();
      }
    },
    async dumpDataDir() {
      return new Blob([(await ask({ op: 'dump' })) as ArrayBuffer]);
    },
    load: () => meter.read(),
    async close() {
      closing = true;
      if (!stopped) await ask({ op: 'close' });
      await worker.terminate();
    },
  };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The error as the database thread saw it, with PostgreSQL's fields (`code`, `detail`, `constraint`…). */
function errorFrom(seen: ThreadError): Error {
  const error = Object.assign(new Error(seen.message), seen.fields);
  error.name = seen.name;
  return error;
}
