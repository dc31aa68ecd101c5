import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from './actor';

/** The notifications a user may read (`notification` the alias): their own, nobody else's (SPEC §4, the bell). */
export function notificationReadScope(actor: Actor, notification: SQL = sql`n`): SQL {
  return sql`${notification}.user_id = ${actor.id}`;
}
