import { z } from 'zod';
import { lessonTypeSchema, planPublishSchema } from '../lessons';
import { ALL_BUT_SUPER_ADMIN, TEACHERS_AND_ADMINS } from '../roles';
import { noteContentSchema } from '../validation';
import { ValidationCode } from '../validation-codes';
import {
  type CallSlice,
  dateTimeSchema,
  idParams,
  idSchema,
  namedRefSchema,
  nameSchema,
  strictObject,
  urlSchema,
} from './common';
import { externalLinkSchema } from './stickies';

/** Links a plan may carry; a handful is what a lesson plan shows, and it bounds the card's popover. */
const PLAN_LINKS_MAX = 20;

/**
 * A lesson or exam plan of one schedule (SPEC §3 Plan: subject_id, lesson_id, schedule_id, plan_id, publish,
 * lesson_type). The answer names the plan `id`; `content`, `links` and `contact_to_student` are what the plan
 * screen and the student-contact card show.
 */
export const planSchema = z.object({
  id: idSchema,
  subject_id: idSchema,
  lesson_id: idSchema,
  schedule_id: idSchema,
  publish: planPublishSchema,
  lesson_type: lessonTypeSchema,
  content: z.string().nullable(),
  links: z.array(externalLinkSchema),
  contact_to_student: z.array(z.object({ url: z.string() })),
  updated_at: dateTimeSchema,
});
/** A plan. */
export type Plan = z.infer<typeof planSchema>;

/** The ids that place a note or plan (SPEC §3 "Note payload": subject_id, lesson_id, schedule_id, plan_id). */
export const notePayloadSchema = strictObject({
  subject_id: idSchema,
  lesson_id: idSchema,
  schedule_id: idSchema,
  plan_id: idSchema,
});
/** The place of a note. */
export type NotePayload = z.infer<typeof notePayloadSchema>;

/**
 * Body of `POST .../plan/create` and `.../plan/{planId}`: the plan's place and content. `plan_id` is null on
 * create; the service checks the ids against the path.
 */
export const planWriteSchema = notePayloadSchema.extend({
  plan_id: idSchema.nullable(),
  publish: planPublishSchema,
  lesson_type: lessonTypeSchema,
  content: noteContentSchema,
  links: z
    .array(strictObject({ title: nameSchema, link: urlSchema }))
    .max(PLAN_LINKS_MAX, ValidationCode.tooLong)
    .default([]),
  contact_to_student: z
    .array(strictObject({ url: urlSchema }))
    .max(PLAN_LINKS_MAX, ValidationCode.tooLong)
    .default([]),
});
/** Body of a plan write. */
export type PlanWrite = z.infer<typeof planWriteSchema>;

/** Body of `POST .../plan/{planId}/note/store`: the note payload and its text (SPEC §5: at most 3000). */
export const noteWriteSchema = notePayloadSchema.extend({
  content: noteContentSchema.min(1, ValidationCode.required),
});
/** Body of a note. */
export type NoteWrite = z.infer<typeof noteWriteSchema>;

/** A note on a lesson's plan (the subject's notes tab and the lesson-related note cards). */
export const noteSchema = z.object({
  id: idSchema,
  subject_id: idSchema,
  lesson_id: idSchema,
  schedule_id: idSchema,
  plan_id: idSchema,
  content: z.string(),
  author: namedRefSchema,
  created_at: dateTimeSchema,
});
/** A note. */
export type Note = z.infer<typeof noteSchema>;

const plan = idParams('subjectId', 'lessonId', 'scheduleId', 'planId');
const planCreate = idParams('subjectId', 'lessonId', 'scheduleId');

/** The calls of this area in the call table (`domain/schemas/calls.ts` merges the slices). */
export const plansCalls = {
  // A plan is read on the lesson screen (all but 3; students only published plans, a row rule).
  'GET /api/academic/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId/plan/:planId': {
    roles: ALL_BUT_SUPER_ADMIN,
    params: plan,
    response: planSchema,
  },
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId/plan/create': {
    roles: TEACHERS_AND_ADMINS,
    params: planCreate,
    body: planWriteSchema,
    response: planSchema,
  },
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId/plan/:planId': {
    roles: TEACHERS_AND_ADMINS,
    params: plan,
    body: planWriteSchema,
    response: planSchema,
  },
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId/plan/:planId/note/store': {
    roles: TEACHERS_AND_ADMINS,
    params: plan,
    body: noteWriteSchema,
    response: noteSchema,
  },
} as const satisfies CallSlice;
