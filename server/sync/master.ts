import { sql } from 'drizzle-orm';
import type { MasterDoc } from '../../domain/master';
import type { SyncCheckpoint } from '../../domain/sync';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { MASTER_KINDS, masterRowSchema, masterRowsOfKinds, toMasterDoc } from '../modules/master/kinds';

/** One page of the master collection's change stream. */
export interface MasterPullPage {
  documents: MasterDoc[];
  checkpoint: SyncCheckpoint | null;
}

/**
 * `GET /api/sync/master/pull`: master rows of every kind strictly after `checkpoint` in `(seq, id)` order,
 * deleted rows included (as `_deleted`). Ids compare in the "C" collation, the byte order the client's
 * string comparison also uses, so both sides agree on what "after" means.
 */
export async function pullMaster(
  db: Database,
  checkpoint: SyncCheckpoint | null,
  limit: number,
): Promise<MasterPullPage> {
  const after = checkpoint
    ? sql`where m.seq > ${checkpoint.updatedAt} or (m.seq = ${checkpoint.updatedAt} and m.id collate "C" > ${checkpoint.id})`
    : sql``;
  const rows = await queryRows(
    db,
    sql`select * from (${masterRowsOfKinds(MASTER_KINDS)}) as m ${after}
        order by m.seq, m.id collate "C" limit ${limit}`,
    masterRowSchema,
  );
  const documents = rows.map(toMasterDoc);
  const last = documents.at(-1);
  return { documents, checkpoint: last ? { updatedAt: last.updatedAt, id: last.id } : checkpoint };
}
