import type { WithDeleted } from 'rxdb';
import { sameContent } from '../../../domain/sync-merge';
import { pendingWrittenBefore, settlePending } from '../../db/outbox';
import { type LocalDoc, type ReplicationCore, toWire } from './core';
import type { StoreStep } from './store';

// A pending entry is stored just before its write; one whose row still does not exist after this long
// belongs to a write that failed (storage full, refused by the schema) and has nothing to send.
const UNWRITTEN_ENTRY_MS = 60_000;

/**
 * Of the pending entries left when the replication went idle, those with nothing to send: the row as stored
 * (`stored`) holds what RxDB records as the server's state of it (`server`), because it was pushed or was
 * written back to that state. A row stored with anything else is a write the replication has not seen yet.
 * An entry whose row was never stored belongs to a failed write once it is older than a minute.
 */
export function writesWithNothingToSend<Doc extends LocalDoc, Entry extends { docId: string; at: number }>(
  stale: readonly Entry[],
  stored: ReadonlyMap<string, WithDeleted<Doc>>,
  server: ReadonlyMap<string, WithDeleted<Doc>>,
  now: number,
): Entry[] {
  return stale.filter((entry) => {
    const row = stored.get(entry.docId);
    if (!row) return entry.at < now - UNWRITTEN_ENTRY_MS;
    const known = server.get(entry.docId);
    return known !== undefined && sameContent(row, known);
  });
}

/**
 * The pending entries a push settles: those of rows it sent as they are stored. RxDB retries a failed push
 * with the rows it first took, so a push after a network failure may carry a state the user has written over
 * since (a draft later registered offline); that write still waits for the push of the row as it is now.
 */
export function writesPushedAsStored<Doc extends LocalDoc, Entry>(
  pushed: readonly { newDocumentState: WithDeleted<Doc> }[],
  stored: readonly WithDeleted<Doc>[],
  entries: ReadonlyMap<string, Entry>,
): Entry[] {
  const now = new Map(stored.map((row) => [row.id, toWire(row)]));
  return pushed.flatMap(({ newDocumentState }) => {
    const entry = entries.get(newDocumentState.id);
    const row = now.get(newDocumentState.id);
    return entry && row && sameContent(toWire(newDocumentState), row) ? [entry] : [];
  });
}

/**
 * Settles, once the replication has gone idle, the writes that have nothing left to send although no push
 * settled them: a write that put a row back as the server has it is never pushed. An entry is settled only
 * when the row, as stored now, equals RxDB's record of the server's state of it. Going idle alone proves
 * nothing: a write made in another tab reaches this worker a moment after it was stored, and a pull that
 * ends in between (one in flight when the network went) leaves the replication idle with that write not
 * yet seen; settled then, it would show as saved while it waits, and lose its offline origin.
 */
export async function settleIdleWrites<Doc extends LocalDoc>(
  core: ReplicationCore<Doc>,
  store: Pick<StoreStep<Doc>, 'storedAndRecorded'>,
  now: number,
): Promise<void> {
  const { database, name } = core.options;
  const stale = await pendingWrittenBefore(database, name, now);
  if (stale.length === 0) return;
  // Nothing of a pull-only collection is ever sent.
  if (!core.options.push) {
    await settlePending(database, stale);
    return;
  }
  const rows = await store.storedAndRecorded(stale.map((entry) => entry.docId));
  if (!rows) return;
  await settlePending(database, writesWithNothingToSend(stale, rows.stored, rows.recorded, now));
}
