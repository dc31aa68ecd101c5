import type { WithDeleted } from 'rxdb';
import type { SyncRejectReason } from '../../../domain/sync';
import { sameContent } from '../../../domain/sync-merge';
import type { SchoolDatabase } from '../../db/open-database';
import { recordIssue } from '../../db/outbox';
import type { LocalDoc } from './core';

/** A row as a push sends it: its state now, and the server's state it was written over (none for a new row). */
export type WireRow<Doc extends LocalDoc> = {
  newDocumentState: WithDeleted<Doc>;
  assumedMasterState: WithDeleted<Doc> | null;
};

/** A row as this device's earlier push sent it, and as the server stored it then. */
export type OwnWrite<Doc extends LocalDoc> = { sent: WithDeleted<Doc>; written: WithDeleted<Doc> };

/** The server's answer to a push: the rows it did not take as sent, and its state of those it took. */
export type PushAnswer<Doc extends LocalDoc> = {
  conflicts: { document: WithDeleted<Doc>; reason: SyncRejectReason; fields?: string[] }[];
  written: WithDeleted<Doc>[];
};

/**
 * The row to send, its base moved to what this device's own earlier push made of it (`mine`) when that is
 * later than the base RxDB holds (the earlier push's answer was never handled: lost, or the worker
 * restarted), so the server compares it with the user's own last write, not with a stale base. The base is
 * what this device saw: the server's state when it holds just what was sent; when the server merged in
 * somebody else's change, what was sent, under the older sequence, so the server merges field by field and
 * keeps that change instead of taking it as seen and overwritten. Even a row that only repeats what the
 * earlier push wrote is sent: the server answers it with its current state, which may have moved on since (a
 * pull may have passed that change while the row waited here, and would not bring it again).
 */
export function basedOnOwnWrite<Doc extends LocalDoc>(
  row: WireRow<Doc>,
  mine: OwnWrite<Doc> | undefined,
): WireRow<Doc> {
  const base = row.assumedMasterState;
  if (!mine || (base && base.updatedAt >= mine.written.updatedAt)) return row;
  const seen = sameContent(mine.written, mine.sent)
    ? mine.written
    : { ...mine.sent, updatedAt: base?.updatedAt ?? 0 };
  return { ...row, assumedMasterState: seen };
}

/**
 * The conflict step: what RxDB gets back from a push's answer, the rows not taken as sent (they roll back to
 * the server's state, RxDB's conflict handling) and the rows taken with a new sequence (so the local copy
 * takes the sequence even when a pull passed the row while the push was in flight). Each row not taken
 * whose content differs from what was sent is listed among the sync issues.
 */
export async function conflictsOf<Doc extends LocalDoc>(
  issues: { database: SchoolDatabase; name: string },
  sent: readonly WireRow<Doc>[],
  answer: PushAnswer<Doc>,
): Promise<WithDeleted<Doc>[]> {
  const sentById = new Map(sent.map((row) => [row.newDocumentState.id, row.newDocumentState]));
  const taken = answer.written.filter((doc) => sentById.get(doc.id)?.updatedAt !== doc.updatedAt);
  for (const conflict of answer.conflicts) {
    const local = sentById.get(conflict.document.id);
    if (!local || sameContent(local, conflict.document)) continue;
    await recordIssue(issues.database, {
      collection: issues.name,
      docId: local.id,
      reason: conflict.reason,
      fields: conflict.fields ?? [],
      local,
      at: Date.now(),
    });
  }
  return [...answer.conflicts.map((conflict) => conflict.document), ...taken];
}
