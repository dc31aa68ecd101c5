import type { WithDeleted } from 'rxdb';
import type { z } from 'zod';
import type { AccountRole } from '../../domain/roles';
import { SYNC_COLLECTION_ROLES, type SyncCollection } from '../../domain/sync';
import { SYNC_DOC_SCHEMAS } from '../../domain/sync-docs';

/** How the worker replicates one collection: its wire schema and who pushes it. */
export type ClientCollectionDef = {
  docSchema: z.ZodType<WithDeleted<{ id: string; updatedAt: number }>>;
  /** Roles that replicate the collection at all. */
  pullRoles: readonly AccountRole[];
  /** Roles whose writes to the collection are pushed; the server checks every row again. */
  pushRoles: readonly AccountRole[];
};

/** A replicated collection's client side, read from the domain's registry of collections. */
export function clientCollection(name: SyncCollection): ClientCollectionDef {
  return {
    docSchema: SYNC_DOC_SCHEMAS[name],
    pullRoles: SYNC_COLLECTION_ROLES[name].pull,
    pushRoles: SYNC_COLLECTION_ROLES[name].push,
  };
}
