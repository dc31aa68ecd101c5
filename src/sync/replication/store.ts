import { getAssumedMasterState, getMetaWriteRow, type WithDeleted } from 'rxdb';
import { filter, firstValueFrom } from 'rxjs';
import { pendingEntries } from '../../db/outbox';
import type { CheckpointStep } from './checkpoint';
import { internalOf, type LocalDoc, type ReplicationCore, toWire } from './core';

/**
 * Whether `here`, a row as the device holds it, is `pulled`'s state or a later one. A deletion at the same
 * sequence as a live pulled row is not: it is the row as dropped with its subject (see `subject-pull.ts`),
 * and a subject opened again has its rows back only once the page that brings them is stored over it.
 */
export function holdsState<Doc extends LocalDoc>(
  here: WithDeleted<Doc> | undefined,
  pulled: WithDeleted<Doc>,
): boolean {
  if (here === undefined) return false;
  if (here.updatedAt !== pulled.updatedAt) return here.updatedAt > pulled.updatedAt;
  return here._deleted === pulled._deleted;
}

/**
 * Whether RxDB hands the push a row its pull stored but never recorded. RxDB stores a pulled page in two
 * steps, the rows and then its record of the server state each was pulled at; a worker that dies in between
 * (a reload or a closed tab mid-sync) leaves rows that look like local writes with no base (or an older
 * one). Such a row has no waiting write of the user's and carries a server sequence newer than its base:
 * it is the server's state at that sequence. It is never pushed: it holds no change of the user's, and as a
 * write it would cost the server a locked read and write of the row, or undo what changed since.
 */
export function isUnrecordedPull<Doc extends LocalDoc>(
  stored: WithDeleted<Doc>,
  recorded: WithDeleted<Doc> | undefined,
  waiting: ReadonlyMap<string, unknown>,
): boolean {
  return !waiting.has(stored.id) && stored.updatedAt > 0 && (recorded?.updatedAt ?? 0) < stored.updatedAt;
}

/** The store step: what the device holds of pulled rows, and when RxDB has stored a page handed to it. */
export type StoreStep<Doc extends LocalDoc> = ReturnType<typeof createStoreStep<Doc>>;

export function createStoreStep<Doc extends LocalDoc>(
  core: ReplicationCore<Doc>,
  checkpoint: Pick<CheckpointStep<Doc>, 'notePassedLocalWrites'>,
) {
  const { options } = core;

  /**
   * The rows of `ids` stored on the device and RxDB's record of the server's state of each, in wire form;
   * a row never stored, or never recorded, is missing from its map. Records are read only for stored rows:
   * on a first sync a page's rows are mostly new.
   */
  async function storedAndRecorded(ids: readonly string[]) {
    const internal = internalOf(core);
    if (!internal) return null;
    const stored = await options.collection.storageInstance.findDocumentsById([...ids], true);
    const recorded =
      stored.length > 0
        ? await getAssumedMasterState(
            internal,
            stored.map((row) => row.id),
          )
        : {};
    return {
      internal,
      stored: new Map(stored.map((row) => [row.id, toWire<Doc>(row)])),
      recorded: new Map(Object.entries(recorded).map(([id, record]) => [id, toWire<Doc>(record.docData)])),
    };
  }

  /**
   * Completes RxDB's record of rows a pull stored but never recorded (a worker that died in between: the
   * rule of `isUnrecordedPull`) before a page that brings them again is applied. RxDB 17 stores a row new to
   * the device without the mark that says a pull wrote it (its storage wrapper replaces `_meta` on inserts),
   * so it takes such a row for a local write: it never applies a later server state to it, and its push
   * side, which saw the pull's write, never sends it either. The device would keep the stale row for good
   * (an admin's rename did not arrive in 1 of 4 e2e runs with pages of 1,000). The stored row is the
   * server's state at its sequence, so it is recorded as such and the page applies over it. Rows with a
   * write of the user's waiting, or never on the server (sequence 0), are left to the push. The same look at
   * the stored rows notes those the page passes while they hold a local write
   * (`checkpoint.notePassedLocalWrites`). Returns how many of the page's rows the device already holds, or
   * null for a collection it did not read (one the user never pushes), so the first pull's count reads them
   * once.
   */
  async function checkStoredRowsOf(page: readonly WithDeleted<Doc>[]): Promise<number | null> {
    if (page.length === 0) return 0;
    if (!options.push) return null;
    const rows = await storedAndRecorded(page.map((doc) => doc.id));
    if (!rows) return null;
    if (rows.stored.size === 0) return 0;
    const waiting = await pendingEntries(options.database, options.name, [...rows.stored.keys()]);
    const unrecorded = [...rows.stored.values()].filter((row) =>
      isUnrecordedPull(row, rows.recorded.get(row.id), waiting),
    );
    if (unrecorded.length > 0) {
      const records = await Promise.all(unrecorded.map((row) => getMetaWriteRow(rows.internal, row)));
      await rows.internal.input.metaInstance.bulkWrite(records, 'school-record-unrecorded-pull');
    }
    checkpoint.notePassedLocalWrites(
      page,
      rows.stored,
      rows.recorded,
      waiting,
      new Set(unrecorded.map((row) => row.id)),
    );
    return rows.stored.size;
  }

  /**
   * Resolves once the page being handed to RxDB is stored: its downstream is busy from before it asks for a
   * page until every page it got is written. Only the downstream counts: the upstream's first run (a push
   * of the admin's master data looks at every row the pull wrote) took seconds more on a busy worker, and
   * the overlay waits on the master data's first pull.
   */
  async function pageStored(): Promise<void> {
    const internal = internalOf(core);
    if (!internal) return;
    await firstValueFrom(internal.events.active.down.pipe(filter((active) => !active)), {
      defaultValue: false,
    });
  }

  /**
   * Whether every row of `page` is stored and, in a collection the user pushes, recorded as the server's
   * state, each at its pulled state or a later one; a row holding a write of the user's counts (RxDB leaves
   * it to the push). A row RxDB has stored but not yet recorded is not settled: a write of the user's made in
   * between would be taken for the pull's. RxDB keeps no such records for a collection without a push.
   */
  async function rowsStored(page: readonly WithDeleted<Doc>[]): Promise<boolean> {
    if (page.length === 0) return true;
    const rows = await storedAndRecorded(page.map((doc) => doc.id));
    if (!rows) return false;
    const settled = (doc: WithDeleted<Doc>) =>
      holdsState(rows.stored.get(doc.id), doc) &&
      (!options.push || holdsState(rows.recorded.get(doc.id), doc));
    const behind = page.filter((doc) => !settled(doc));
    if (behind.length === 0) return true;
    const waiting = await pendingEntries(
      options.database,
      options.name,
      behind.map((doc) => doc.id),
    );
    return behind.every((doc) => waiting.has(doc.id));
  }

  /**
   * Resolves once the rows of a page handed to RxDB are stored and recorded (`rowsStored`), or once the
   * downstream is idle, whichever comes first. A screen waiting for a subject's rows should not wait for the
   * downstream to be idle: it may go straight on to the pull of changes, a long page on a busy server.
   */
  async function pageRowsStored(page: readonly WithDeleted<Doc>[]): Promise<void> {
    let idle = false;
    const stopped = pageStored().finally(() => {
      idle = true;
    });
    while (!idle && !(await rowsStored(page))) {
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 50))]);
    }
  }

  return { storedAndRecorded, checkStoredRowsOf, pageStored, pageRowsStored };
}
