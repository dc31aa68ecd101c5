import { type SQL, sql } from 'drizzle-orm';
import { PlanPublish } from '../../domain/lessons';
import { NoteKind } from '../../domain/sync-docs';
import type { Actor } from './actor';
import { type RowPlace, readScope } from './reach';
import { inPublishedLesson } from './subjects';

/**
 * The notes rows (memos, plans, notes on plans, notes about students; the `notes` collection's relation
 * aliased `n`, its columns named after the document's fields, ids as text) the actor may read: a plan by the `plan` rule, whose published reach needs the
 * plan, its lesson and its subject published; every other kind by the `staffNote` rule (docs/access.md).
 * The notes pull and the plan's REST read both ask it.
 */
export function notesReadScope(actor: Actor, n: SQL = sql`n`): SQL {
  const place: RowPlace = {
    subjectId: sql`${n}."subjectId"::uuid`,
    scheduleId: sql`${n}."scheduleId"::uuid`,
    published: sql`(${n}.publish = ${PlanPublish.published} and ${inPublishedLesson(sql`${n}."lessonId"::uuid`)})`,
  };
  return sql`((${n}.kind = ${NoteKind.plan} and ${readScope('plan', actor, place)})
    or (${n}.kind <> ${NoteKind.plan} and ${readScope('staffNote', actor, place)}))`;
}
