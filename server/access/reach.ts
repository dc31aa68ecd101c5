import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from './actor';
import { teachesClass, teachesSitting } from './classes';
import { ownStudentIds, wardStudentIds } from './own-students';
import { type Entity, Reach, reachOf } from './rules';
import { subjectScope } from './subjects';

/**
 * Where a row sits, as SQL expressions of the query that reads it: what the reaches of `rules.ts` are decided
 * on. A policy names the columns its rows have; a reach that needs a column the row lacks is a programming
 * error and throws when the scope is built, never at a user.
 */
export interface RowPlace {
  subjectId?: SQL;
  classId?: SQL;
  scheduleId?: SQL;
  studentId?: SQL;
  /** The user a row is addressed to (a notification, a card). */
  ownerId?: SQL;
  /** The row's own publish condition (a lesson's, a plan's), which `ownPublished` adds to the subject's. */
  published?: SQL;
}

function column(place: RowPlace, name: keyof RowPlace, reach: Reach): SQL {
  const found = place[name];
  if (!found) throw new Error(`the reach ${reach} needs the row's ${name}`);
  return found;
}

/** The SQL condition "`actor` reaches this row by `reach`" (each reach's words are in `REACH_MEANING`). */
export function reachCondition(reach: Reach, actor: Actor, place: RowPlace): SQL {
  switch (reach) {
    case Reach.all:
      return sql`true`;
    case Reach.none:
      return sql`false`;
    case Reach.workedSubject:
      return subjectScope(actor, column(place, 'subjectId', reach));
    case Reach.taughtClass:
      return teachesClass(actor.id, column(place, 'classId', reach));
    case Reach.taughtSitting:
      return teachesSitting(actor.id, column(place, 'scheduleId', reach));
    case Reach.ownRecord:
      return sql`${column(place, 'studentId', reach)} in ${ownStudentIds(actor.id)}`;
    case Reach.ward:
      return sql`${column(place, 'studentId', reach)} in ${wardStudentIds(actor.id)}`;
    // `subjectScope` gives a student their own published subjects and a guardian their wards'.
    case Reach.ownPublished:
    case Reach.wardPublished:
      return sql`(${subjectScope(actor, column(place, 'subjectId', reach))} and ${place.published ?? sql`true`})`;
    case Reach.ownAccount:
      return sql`${column(place, 'ownerId', reach)} = ${actor.id}`;
  }
}

/** The rows of `entity` the actor may read, as a condition on `place` (the rules' table, `ACCESS_RULES`). */
export function readScope(entity: Entity, actor: Actor, place: RowPlace): SQL {
  return reachCondition(reachOf(entity, 'read', actor.role), actor, place);
}
