import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { StickyStatus } from '../../../domain/stickies';
import { SYNC_COLLECTION_ROLES } from '../../../domain/sync';
import { type StickyDoc, stickyDocSchema } from '../../../domain/sync-docs';
import { stickyReadScope } from '../../access/stickies';
import { docJsonOf, SYNC_DOC_FIELDS, SYNC_ROW_COLUMNS, toDocFields } from '../../sync/doc-fields';
import type { SyncActor, SyncCollectionDef } from '../../sync/engine';
import { stickyColumns } from './stickies';

const stickySyncRowSchema = stickyDocSchema.omit(SYNC_DOC_FIELDS).extend(SYNC_ROW_COLUMNS);

type StickySyncRow = z.infer<typeof stickySyncRowSchema>;

/**
 * `stickies`: the signed-in user's own dashboard cards, nobody else's; a student only the highlight cards
 * their dashboard shows. A closed card travels as deleted, so the local database holds the open cards the
 * dashboard lists. Pull only: closing is `POST /api/sticky/{id}`, online (SPEC §4), and the sticky rules
 * write everything else. The row is the card's one field list (`stickyColumns`), which the REST calls read too.
 */
export const stickiesCollection: SyncCollectionDef<StickyDoc, StickySyncRow> = {
  name: 'stickies',
  docSchema: stickyDocSchema,
  pullRoles: SYNC_COLLECTION_ROLES.stickies.pull,
  scope: (actor: SyncActor) =>
    sql`${stickyColumns(sql`, st.seq, (st.deleted or st.status <> ${StickyStatus.open}) as deleted`)}
        where ${stickyReadScope(actor)}`,
  rowSchema: stickySyncRowSchema,
  toDoc: (row) => toDocFields(row),
  docJson: docJsonOf(stickyDocSchema),
  push: null,
};
