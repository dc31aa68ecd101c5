import { parentPort, workerData } from 'node:worker_threads';
import type { Transaction } from '@electric-sql/pglite';
import { createPglite, dumpConsistently } from './pglite';
import type { ThreadAnswer, ThreadAsk, ThreadError, ThreadReady, ThreadStart } from './pglite-thread';

// The database thread of `openPgliteThread` (pglite-thread.ts): it owns the PGlite instance and runs what the
// server's thread asks, one message per statement, transaction start or end.

const port = parentPort;
if (!port) throw new Error('pglite-thread.worker.ts runs only as a worker thread.');
const start = workerData as ThreadStart;

/** A transaction the server's thread has open: PGlite's, and how to end it. */
interface OpenTransaction {
  tx: Transaction;
  end(commit: boolean): void;
  ended: Promise<void>;
}

const ROLLBACK = Symbol('rollback');
const open = new Map<number, OpenTransaction>();
let lastTransaction = 0;

const answer = (id: number, value: unknown, transfer: ArrayBuffer[] = []) =>
  port.postMessage({ id, ok: true, value } satisfies ThreadAnswer, transfer);
const fail = (id: number, error: unknown) =>
  port.postMessage({ id, ok: false, error: plainError(error) } satisfies ThreadAnswer);

try {
  const client = await createPglite(
    start.dataDir,
    start.startFrom === undefined ? undefined : new Blob([start.startFrom]),
  );
  port.on('message', (ask: ThreadAsk) => {
    switch (ask.op) {
      case 'query': {
        const on = ask.tx === undefined ? client : open.get(ask.tx)?.tx;
        if (!on) return fail(ask.id, new Error(`No open transaction ${ask.tx}.`));
        on.query(ask.text, ask.params, { rowMode: ask.rowMode }).then(
          (result) => answer(ask.id, result),
          (error) => fail(ask.id, error),
        );
        return;
      }
      case 'begin':
        return begin(ask.id);
      case 'end': {
        const transaction = open.get(ask.tx);
        if (!transaction) return fail(ask.id, new Error(`No open transaction ${ask.tx}.`));
        open.delete(ask.tx);
        transaction.end(ask.commit);
        transaction.ended.then(
          () => answer(ask.id, null),
          (error) => fail(ask.id, error),
        );
        return;
      }
      case 'dump':
        dumpConsistently(client)
          .then((dump) => dump.arrayBuffer())
          .then(
            (buffer) => answer(ask.id, buffer, [buffer]),
            (error) => fail(ask.id, error),
          );
        return;
      case 'close':
        client.close().then(
          () => answer(ask.id, null),
          (error) => fail(ask.id, error),
        );
        return;
    }
  });

  /** Starts a transaction that stays open, taking statements, until the server's thread ends it. */
  function begin(id: number) {
    const transaction = lastTransaction + 1;
    lastTransaction = transaction;
    let begun = false;
    let end!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => {
      end = resolve;
    });
    const ended = client
      .transaction(async (tx) => {
        begun = true;
        open.set(transaction, { tx, end, ended });
        answer(id, transaction);
        if (!(await decided)) throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error === ROLLBACK) return;
        if (begun) throw error;
        fail(id, error);
      });
  }

  port.postMessage({ ready: true } satisfies ThreadReady);
} catch (error) {
  port.postMessage({ ready: false, error: plainError(error) } satisfies ThreadReady);
}

/** An error as a message can carry it: PostgreSQL's fields are strings and numbers; functions and objects stay. */
function plainError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: ThreadError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value;
  }
  return { message: error.message, name: error.name, fields };
}
