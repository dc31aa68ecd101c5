import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from './actor';

/**
 * The master rows (universities, faculties, year codes, names, rooms…) a user may pull: every row, for every
 * role the `master` collection is open to (SPEC §6: master data names things every screen shows; it carries
 * nobody's data). The roles are `SYNC_COLLECTION_ROLES.master`.
 */
export function masterReadScope(_actor: Actor): SQL {
  return sql`true`;
}
