import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorCode, FieldError } from '../../../domain/errors';
import { lessonTypeSchema, planPublishSchema } from '../../../domain/lessons';
import type { Note, NoteWrite, Plan, PlanWrite } from '../../../domain/schemas/plans';
import { type NoteDoc, NoteKind, sittingNoteDoc } from '../../../domain/sync-docs';
import { planIdOf } from '../../../domain/sync-ids';
import type { Actor } from '../../access/actor';
import { sittingWork } from '../../access/schedules';
import { requireSubjectVisible } from '../../access/subjects';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { HttpError, notFound, validationFailed } from '../../http-error';
import type { SyncPushDeps } from '../../sync/engine';
import { pushAsCall } from '../../sync/push-call';
import { notesCollection, readNotes } from '../notes/collection';
import { readPlanNotes } from '../subjects/service';

/** Where a plan call points: the ids of its path. */
export interface PlanPlace {
  subjectId: string;
  lessonId: string;
  scheduleId: string;
}

const updatedRow = z.object({ updated_at: z.string() });

/** The REST shape of a plan document (SPEC §3 Plan), with the time it last changed. */
async function toPlan(db: Executor, doc: NoteDoc): Promise<Plan> {
  const [row] = await queryRows(
    db,
    sql`select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at
      from plans where id = ${doc.id}`,
    updatedRow,
  );
  return {
    id: doc.id,
    subject_id: doc.subjectId,
    lesson_id: doc.lessonId ?? '',
    schedule_id: doc.scheduleId ?? '',
    publish: planPublishSchema.parse(doc.publish),
    lesson_type: lessonTypeSchema.parse(doc.lessonType),
    content: doc.content,
    links: doc.links,
    contact_to_student: doc.contactToStudent,
    updated_at: row?.updated_at ?? '',
  };
}

/**
 * The live plan `planId` at `place`, or null (another sitting's plan, a memo's id, a deleted plan); with
 * `reader`, null too when the plan rule does not let them read it.
 */
async function livePlan(
  db: Executor,
  place: PlanPlace,
  planId: string,
  reader?: Actor,
): Promise<NoteDoc | null> {
  const [doc] = await readNotes(db, [planId], reader);
  if (
    !doc ||
    doc._deleted ||
    doc.kind !== NoteKind.plan ||
    doc.subjectId !== place.subjectId ||
    doc.lessonId !== place.lessonId ||
    doc.scheduleId !== place.scheduleId
  ) {
    return null;
  }
  return doc;
}

/** The sitting at `place` as the caller may reach it: 404 when it is not there or its subject is not theirs. */
async function sittingAt(db: Executor, actor: Actor, place: PlanPlace) {
  await requireSubjectVisible(db, actor, place.subjectId);
  const sitting = await sittingWork(db, place.scheduleId);
  if (!sitting || sitting.subject_id !== place.subjectId || sitting.lesson_id !== place.lessonId)
    throw notFound();
  return sitting;
}

/** 422 unless the body's ids are the path's (and `plan_id` the one the call names). */
function requireSamePlace(body: PlanWrite | NoteWrite, place: PlanPlace, planId: string | null): void {
  const errors: Record<string, string[]> = {};
  if (body.subject_id !== place.subjectId) errors.subject_id = [FieldError.invalid];
  if (body.lesson_id !== place.lessonId) errors.lesson_id = [FieldError.invalid];
  if (body.schedule_id !== place.scheduleId) errors.schedule_id = [FieldError.invalid];
  if (body.plan_id !== planId) errors.plan_id = [FieldError.invalid];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/**
 * `GET .../plan/{planId}`: the plan, for whoever the plan rule lets read it (`notesReadScope`, the notes
 * pull's rule): a student only a published plan of a published lesson of a published subject of theirs.
 */
export async function readPlan(db: Executor, actor: Actor, place: PlanPlace, planId: string): Promise<Plan> {
  await requireSubjectVisible(db, actor, place.subjectId);
  const doc = await livePlan(db, place, planId, actor);
  if (!doc) throw notFound();
  return toPlan(db, doc);
}

/**
 * `POST .../plan/create` and `.../plan/{planId}`: writes the plan through the notes push rule (SPEC §6: the
 * sitting's teachers and admins), so a plan made here and one drafted offline are the same row. A create
 * where the sitting has a plan answers 409.
 */
export async function writePlan(
  deps: SyncPushDeps,
  actor: Actor,
  place: PlanPlace,
  planId: string | null,
  body: PlanWrite,
  offline: boolean,
): Promise<Plan> {
  const sitting = await sittingAt(deps.db, actor, place);
  requireSamePlace(body, place, planId);
  if (body.lesson_type !== sitting.lesson_type) throw validationFailed({ lesson_type: [FieldError.invalid] });
  const current = planId === null ? null : await livePlan(deps.db, place, planId);
  if (planId !== null && !current) throw notFound();
  const content = {
    publish: body.publish,
    content: body.content === '' ? null : body.content,
    links: body.links,
    contactToStudent: body.contact_to_student,
  };
  const next: NoteDoc = current
    ? { ...current, ...content }
    : {
        ...sittingNoteDoc({
          id: planIdOf(place.scheduleId),
          kind: NoteKind.plan,
          subjectId: place.subjectId,
          universityId: sitting.university_id,
          lessonId: place.lessonId,
          scheduleId: place.scheduleId,
          authorId: actor.id,
        }),
        lessonType: sitting.lesson_type,
        ...content,
      };
  const [written] = await pushAsCall(
    deps,
    notesCollection,
    actor,
    [{ newDocumentState: next, assumedMasterState: current }],
    offline,
  );
  if (!written) throw new HttpError(409, { message: 'conflict', code: ErrorCode.conflict });
  return toPlan(deps.db, written);
}

/** `POST .../plan/{planId}/note/store`: a note on the plan for the next teacher, through the notes push rule. */
export async function storePlanNote(
  deps: SyncPushDeps,
  actor: Actor,
  place: PlanPlace,
  planId: string,
  body: NoteWrite,
  offline: boolean,
): Promise<Note> {
  const sitting = await sittingAt(deps.db, actor, place);
  requireSamePlace(body, place, planId);
  if (!(await livePlan(deps.db, place, planId))) throw notFound();
  const doc: NoteDoc = {
    ...sittingNoteDoc({
      id: randomUUID(),
      kind: NoteKind.planNote,
      subjectId: place.subjectId,
      universityId: sitting.university_id,
      lessonId: place.lessonId,
      scheduleId: place.scheduleId,
      authorId: actor.id,
    }),
    planId,
    content: body.content,
  };
  await pushAsCall(
    deps,
    notesCollection,
    actor,
    [{ newDocumentState: doc, assumedMasterState: null }],
    offline,
  );
  const [note] = await readPlanNotes(deps.db, sql`n.id = ${doc.id}`);
  if (!note) throw notFound();
  return note;
}
