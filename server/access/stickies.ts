import { type SQL, sql } from 'drizzle-orm';
import { Role } from '../../domain/roles';
import { STUDENT_STICKY_TYPES } from '../../domain/stickies';
import type { Actor } from './actor';

/**
 * The dashboard cards (stickies, `card` the alias) a user may read, for the `stickies` pull and the REST list
 * and detail alike: their own cards only, nobody else's; of those a student only the types their dashboard
 * shows (`STUDENT_STICKY_TYPES`: the highlight cards, SPEC §2).
 */
export function stickyReadScope(actor: Actor, card: SQL = sql`st`): SQL {
  const own = sql`${card}.user_id = ${actor.id}`;
  if (actor.role !== Role.student) return own;
  const types = sql.join(
    STUDENT_STICKY_TYPES.map((type) => sql`${type}`),
    sql`, `,
  );
  return sql`${own} and ${card}.type in (${types})`;
}
