import {
  type BulkWriteRow,
  getChangedDocumentsSince,
  type RxStorage,
  type RxStorageBulkWriteResponse,
  type RxStorageInstance,
} from 'rxdb';
import { withEachInstance } from './storage-wrapper';

// Rows read per step while looking for the latest write time stored (only rows stamped after the clock now).
const SCAN_PAGE = 500;
// RxDB's write times step by a hundredth of a millisecond (rxdb/src/plugins/utils/utils-time.ts).
const WRITE_TIME_STEP = 0.01;

type WriteTimeCheckpoint = { id: string; lwt: number };

/**
 * The latest write time stored in `instance`, when it lies after `clock`; `clock` otherwise. Only rows stamped
 * after the clock are read (none, unless the clock was set back), in the order of RxDB's write-time index.
 */
export async function latestWriteTimeAfter<Doc>(
  instance: RxStorageInstance<Doc, unknown, unknown, WriteTimeCheckpoint>,
  clock: number,
): Promise<number> {
  let checkpoint: WriteTimeCheckpoint = { id: '', lwt: clock };
  for (;;) {
    const page = await getChangedDocumentsSince(instance, SCAN_PAGE, checkpoint);
    if (page.documents.length === 0) return checkpoint.lwt;
    checkpoint = page.checkpoint;
  }
}

function withRisingWriteTimesOf<Doc, Internals, Options>(
  instance: RxStorageInstance<Doc, Internals, Options>,
): RxStorageInstance<Doc, Internals, Options> {
  const bulkWrite = instance.bulkWrite.bind(instance);
  // Every write of this instance comes after it opened. The rows stamped later than that (a clock set back
  // since) are read at the first write, not at open: most instances of a page never write from it.
  const openedAt = Date.now();
  let read: Promise<number> | null = null;
  let latest = 0;
  // Writes of the other instances of the database (the window's, the worker's) count too.
  const seen = instance.changeStream().subscribe((batch) => {
    for (const event of batch.events) latest = Math.max(latest, event.documentData._meta.lwt);
  });
  const close = instance.close.bind(instance);
  instance.close = async () => {
    seen.unsubscribe();
    return close();
  };
  instance.bulkWrite = async (
    rows: BulkWriteRow<Doc>[],
    context: string,
  ): Promise<RxStorageBulkWriteResponse<Doc>> => {
    read ??= latestWriteTimeAfter(
      instance as RxStorageInstance<Doc, unknown, unknown, WriteTimeCheckpoint>,
      openedAt,
    );
    latest = Math.max(latest, await read);
    const rising = rows.map((row) => {
      const lwt = row.document._meta.lwt;
      if (lwt > latest) {
        latest = lwt;
        return row;
      }
      latest += WRITE_TIME_STEP;
      return { ...row, document: { ...row.document, _meta: { ...row.document._meta, lwt: latest } } };
    });
    return bulkWrite(rising, context);
  };
  return instance;
}

/**
 * The storage with every write stamped later than any write it holds. RxDB stamps a write with the device's
 * clock and its push resumes, after a reload, from the latest write time it sent: a device whose clock was
 * set back (a corrected time zone, a dead battery, a user changing the date) would stamp its next writes
 * earlier than that, and a write left waiting at a reload would never be sent. A write stamped no later than
 * the latest one known is moved just after it instead; with a right clock nothing changes.
 */
export function withRisingWriteTimes<Internals, Options>(
  storage: RxStorage<Internals, Options>,
): RxStorage<Internals, Options> {
  return withEachInstance<Internals, Options>(storage, withRisingWriteTimesOf);
}
