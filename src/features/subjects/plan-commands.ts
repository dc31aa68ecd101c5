import type { LessonType, PlanPublish } from '../../../domain/lessons';
import { mayEditClassWork } from '../../../domain/permissions';
import type { AccountRole } from '../../../domain/roles';
import { noteWriteSchema, planWriteSchema } from '../../../domain/schemas/plans';
import { NoteKind, sittingNoteDoc } from '../../../domain/sync-docs';
import { planIdOf } from '../../../domain/sync-ids';
import type { SchoolDatabase } from '../../db/open-database';
import type { NoteDocType } from '../../db/synced-schemas';
import { type FormErrors, zodErrors } from './form-errors';

/** The sitting a plan is written for, with who teaches it (named on it, or in charge of its class). */
export interface PlanSitting {
  subjectId: string;
  universityId: string;
  lessonId: string;
  scheduleId: string;
  lessonType: LessonType;
  teacherIds: readonly string[];
}

/** What the plan form holds. */
export interface PlanValues {
  publish: PlanPublish;
  content: string;
  links: { title: string; link: string }[];
  contactToStudent: { url: string }[];
}

/** Why a plan or note was not written: not the caller's sitting, or field codes keyed as the call keys them. */
export type PlanRefusal = { kind: 'forbidden' } | { kind: 'invalid'; errors: FormErrors };

type Actor = { id: string; role: AccountRole };

/** A new plan or plan note at `sitting`, every content field empty (the domain's `sittingNoteDoc`), as stored locally. */
function placedDoc(sitting: PlanSitting, kind: NoteKind, id: string, authorId: string): NoteDocType {
  const { _deleted, ...doc } = sittingNoteDoc({
    id,
    kind,
    subjectId: sitting.subjectId,
    universityId: sitting.universityId,
    lessonId: sitting.lessonId,
    scheduleId: sitting.scheduleId,
    authorId,
  });
  return doc;
}

/**
 * Writes the plan of a sitting to the local database (the worker pushes it, offline too): checks SPEC §6 (the
 * sitting's teachers and admins) and the plan call's own rules first. A sitting's first plan takes the
 * sitting's natural id, so a plan drafted on two devices is one row.
 */
export async function savePlan(
  database: SchoolDatabase,
  actor: Actor,
  sitting: PlanSitting,
  current: { id: string } | null,
  values: PlanValues,
): Promise<PlanRefusal | null> {
  if (!mayEditClassWork(actor, sitting.teacherIds)) return { kind: 'forbidden' };
  const parsed = planWriteSchema.safeParse({
    subject_id: sitting.subjectId,
    lesson_id: sitting.lessonId,
    schedule_id: sitting.scheduleId,
    plan_id: current?.id ?? null,
    publish: values.publish,
    lesson_type: sitting.lessonType,
    content: values.content,
    links: values.links,
    contact_to_student: values.contactToStudent,
  });
  if (!parsed.success) return { kind: 'invalid', errors: zodErrors(parsed.error) };
  const content = {
    publish: parsed.data.publish,
    content: parsed.data.content === '' ? null : parsed.data.content,
    links: parsed.data.links,
    contactToStudent: parsed.data.contact_to_student,
  };
  const stored = current ? await database.notes.findOne(current.id).exec() : null;
  if (stored) {
    await stored.incrementalPatch(content);
    return null;
  }
  await database.notes.insert({
    ...placedDoc(sitting, NoteKind.plan, planIdOf(sitting.scheduleId), actor.id),
    lessonType: sitting.lessonType,
    ...content,
  });
  return null;
}

/** Writes a note on a plan for the next teacher (SPEC §5: 1 to 3000 characters), pushed like the plan. */
export async function addPlanNote(
  database: SchoolDatabase,
  actor: Actor,
  sitting: PlanSitting,
  planId: string,
  text: string,
): Promise<PlanRefusal | null> {
  if (!mayEditClassWork(actor, sitting.teacherIds)) return { kind: 'forbidden' };
  const parsed = noteWriteSchema.shape.content.safeParse(text);
  if (!parsed.success) return { kind: 'invalid', errors: { content: zodErrors(parsed.error).form ?? '' } };
  await database.notes.insert({
    ...placedDoc(sitting, NoteKind.planNote, crypto.randomUUID(), actor.id),
    planId,
    content: parsed.data,
  });
  return null;
}
