import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { MasterKind } from '../../../domain/master-kind';
import { SYNC_COLLECTION_ROLES } from '../../../domain/sync';
import { type MasterDoc, masterDocSchema } from '../../../domain/sync-docs';
import { masterReadScope } from '../../access/master';
import { queryRows } from '../../db/rows';
import { docJsonOf } from '../../sync/doc-fields';
import type { SyncCollectionDef, SyncWriteContext } from '../../sync/engine';
import { upsertRow } from '../../sync/write-row';
import {
  MASTER_KINDS,
  MASTER_TABLES,
  type MasterField,
  type MasterRow,
  masterRowSchema,
  masterRowsOfKinds,
  toMasterDoc,
} from './kinds';
import { hasDuplicateName, lockMasterKind, masterRowUse } from './usage';

const NAME_MAX_LENGTH = 255;

/** The row of any kind with this id, locked in its own table until the push commits. */
async function readMasterForUpdate({ tx }: SyncWriteContext, doc: MasterDoc): Promise<MasterDoc | null> {
  const [row] = await queryRows(
    tx,
    sql`select * from (${masterRowsOfKinds(MASTER_KINDS)}) as m where m.id = ${doc.id}`,
    masterRowSchema,
  );
  if (!row) return null;
  const { table } = MASTER_TABLES[row.kind];
  await tx.execute(sql`select 1 from ${table} where ${table.id} = ${row.id} for update`);
  const [locked] = await queryRows(
    tx,
    sql`select * from (${masterRowsOfKinds([row.kind])}) as m where m.id = ${doc.id}`,
    masterRowSchema,
  );
  return locked ? toMasterDoc(locked) : null;
}

/** Inserts or updates a master row of the document's kind, with only the columns that kind has. */
async function writeMaster({ tx, seq, now }: SyncWriteContext, doc: MasterDoc): Promise<void> {
  const { table, fields } = MASTER_TABLES[doc.kind];
  const columns: [PgColumn, unknown][] = [
    [table.id, doc.id],
    [table.name, doc.name],
    [table.seq, seq],
    [table.deleted, doc._deleted],
    [table.updatedAt, now.toISOString()],
  ];
  for (const [field, column] of Object.entries(fields) as [MasterField, PgColumn][]) {
    columns.push([column, doc[field]]);
  }
  await upsertRow(tx, table, columns);
}

/**
 * `master`: every master kind in one collection. Everybody pulls all of it (the lists of `/master-data`);
 * admins may also push it, the same rows the master-setting calls write.
 */
export const masterCollection: SyncCollectionDef<MasterDoc, MasterRow> = {
  name: 'master',
  docSchema: masterDocSchema,
  pullRoles: SYNC_COLLECTION_ROLES.master.pull,
  scope: (actor) =>
    sql`select * from (${masterRowsOfKinds(MASTER_KINDS)}) as m where ${masterReadScope(actor)}`,
  rowSchema: masterRowSchema,
  toDoc: toMasterDoc,
  docJson: docJsonOf(masterDocSchema),
  push: {
    roles: SYNC_COLLECTION_ROLES.master.push,
    mergeFields: null,
    readForUpdate: readMasterForUpdate,
    async refuse({ tx }, next, current) {
      if (current && current.kind !== next.kind) return 'invalid';
      const name = next.name.trim();
      if (name.length === 0 || name.length > NAME_MAX_LENGTH) return 'invalid';
      // The rules of the master-setting calls hold for a pushed row too: no name twice in its scope, and no
      // delete of a row still in use.
      await lockMasterKind(tx, next.kind);
      if (next._deleted) {
        if (current === null || current._deleted || next.kind === MasterKind.semesters) return null;
        return (await masterRowUse(tx, next.kind, next.id)) ? 'invalid' : null;
      }
      return (await hasDuplicateName(tx, next.kind, next)) ? 'invalid' : null;
    },
    write: (ctx, doc) => writeMaster(ctx, doc),
    audience: async () => 'all',
  },
};
