import type { WithDeleted } from 'rxdb';
import type { z } from 'zod';
import { masterDocSchema } from '../../domain/master';
import { type AccountRole, Role } from '../../domain/roles';
import type { ReplicatedCollectionName } from '../db/open-database';

/** How the worker replicates one collection: its wire schema and who pushes it. */
export type ClientCollectionDef = {
  docSchema: z.ZodType<WithDeleted<{ id: string; updatedAt: number }>>;
  /** Roles whose writes to the collection are pushed; the server checks every row again. */
  pushRoles: readonly AccountRole[];
};

/** Every replicated collection's client side, by name. */
export const CLIENT_COLLECTIONS: Record<ReplicatedCollectionName, ClientCollectionDef> = {
  master: { docSchema: masterDocSchema, pushRoles: [Role.admin] },
};
