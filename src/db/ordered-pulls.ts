import type {
  BulkWriteRow,
  RxDocumentData,
  RxStorage,
  RxStorageBulkWriteResponse,
  RxStorageInstance,
  RxStorageWriteErrorConflict,
} from 'rxdb';
import { withEachInstance } from './storage-wrapper';

/**
 * How RxDB names the writes of its downstream (the rows a pull stores): `replication-downstream-` and the
 * replication's checkpoint key (rxdb/src/replication-protocol/index.ts). A test checks that RxDB still does.
 */
export const PULL_WRITE_CONTEXT_PREFIX = 'replication-downstream-';

/** The server's change sequence of a stored or pulled row, when it carries one. */
function sequenceOf(doc: unknown): number | null {
  const value = (doc as { updatedAt?: unknown } | undefined)?.updatedAt;
  return typeof value === 'number' ? value : null;
}

/**
 * Whether a pull would store an older server state over a newer one. RxDB's downstream applies a pulled row
 * whenever the stored row holds no local write, judging by content alone; a page fetched before a push was
 * answered and stored after it (the downstream waits for the upstream to settle a conflict) would put the
 * row back to the state before the push. The user's next edit of the row would then carry that old
 * state to the server as a change, and undo a write the server had acknowledged. Sequences of a row only
 * grow on the server, so a pulled state with a lower one is out of date by definition; a later pull brings
 * the row again if it changes.
 */
export function isStalePull<Doc>(row: BulkWriteRow<Doc>): boolean {
  const stored = sequenceOf(row.previous);
  const pulled = sequenceOf(row.document);
  return stored !== null && pulled !== null && pulled < stored;
}

/** The write of `row` refused as a conflict with what is stored: RxDB's downstream then leaves the row. */
function refused<Doc>(row: BulkWriteRow<Doc>, context: string): RxStorageWriteErrorConflict<Doc> {
  return {
    status: 409,
    isError: true,
    documentId: String((row.document as { id?: unknown }).id),
    writeRow: row,
    documentInDb: row.previous as RxDocumentData<Doc>,
    context,
  };
}

function withOrderedPullWrites<Doc, Internals, Options>(
  instance: RxStorageInstance<Doc, Internals, Options>,
): RxStorageInstance<Doc, Internals, Options> {
  const bulkWrite = instance.bulkWrite.bind(instance);
  instance.bulkWrite = async (
    rows: BulkWriteRow<Doc>[],
    context: string,
  ): Promise<RxStorageBulkWriteResponse<Doc>> => {
    if (!context.startsWith(PULL_WRITE_CONTEXT_PREFIX)) return bulkWrite(rows, context);
    const stale = rows.filter(isStalePull);
    if (stale.length === 0) return bulkWrite(rows, context);
    const fresh = rows.filter((row) => !stale.includes(row));
    const written = fresh.length > 0 ? await bulkWrite(fresh, context) : { error: [] };
    return { error: [...written.error, ...stale.map((row) => refused(row, context))] };
  };
  return instance;
}

/**
 * The storage with one rule added to every collection it opens: a pull never replaces a row with an older
 * server state of it (see `isStalePull`). Local writes, the push side's writes and pulls of newer or equal
 * states pass unchanged.
 */
export function withOrderedPulls<Internals, Options>(
  storage: RxStorage<Internals, Options>,
): RxStorage<Internals, Options> {
  return withEachInstance<Internals, Options>(storage, withOrderedPullWrites);
}
