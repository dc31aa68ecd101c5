import { z } from 'zod';
import { highlightRuleSchema } from '../highlights';
import { lessonTypeSchema } from '../lessons';
import { LIMITS } from '../limits';
import { StickyType, stickyStatusSchema, stickyTypeSchema } from '../stickies';
import {
  codeOf,
  idSchema,
  namedRefSchema,
  pagedListSchema,
  pageOnlyQueryShape,
  queryInteger,
  strictObject,
  studentRefSchema,
} from './common';

/** A highlight setting of a subject as a student card reads it (`highlights.message_to_student`). */
const stickyHighlightSettingSchema = z.object({
  // SPEC writes `highlights` in the plural: a subject may carry several rules, each with its own message.
  highlights: z.array(z.object({ message_to_student: z.string().nullable() })),
});

/**
 * A dashboard card (SPEC §3 "Sticky"). Every nested part is null when the card's type has none (a memo card
 * has no highlight, a subject card no lesson). `content` may be HTML, sanitised on the server and when shown.
 */
export const stickySchema = z.object({
  id: idSchema,
  type: stickyTypeSchema,
  content: z.string().nullable(),
  year_code: z.object({ code_name: z.string() }).nullable(),
  subject: z
    .object({
      id: idSchema,
      name: z.string(),
      highlightAttendance: stickyHighlightSettingSchema.nullable(),
      highlightAchievement: stickyHighlightSettingSchema.nullable(),
    })
    .nullable(),
  lesson: z.object({ id: idSchema, name: z.string(), type: lessonTypeSchema }).nullable(),
  class: namedRefSchema.nullable(),
  schedule: z.object({ id: idSchema, room: z.object({ name: z.string() }).nullable() }).nullable(),
  highlight: highlightRuleSchema.nullable(),
  // SPEC: "plan.contact_to_student.url (list)": the student-contact note's links, one entry per link.
  plan: z.object({ contact_to_student: z.array(z.object({ url: z.string() })) }).nullable(),
});
/** A dashboard card. */
export type Sticky = z.infer<typeof stickySchema>;

/** `GET /api/sticky` answer: a page of cards with `meta.pagination` (SPEC §3). */
export const stickyListResponseSchema = pagedListSchema(stickySchema);
/** A page of dashboard cards. */
export type StickyListResponse = z.infer<typeof stickyListResponseSchema>;

/** `GET /api/sticky` query: `page` and `numberSticky`, the cards per page (SPEC §7, §9). */
export const stickyListQuerySchema = strictObject({
  ...pageOnlyQueryShape,
  numberSticky: queryInteger(1, LIMITS.stickiesPerPageWide).default(LIMITS.numberSticky),
});
/** Parsed query of the card list. */
export type StickyListQuery = z.infer<typeof stickyListQuerySchema>;

/** `POST /api/sticky/{id}` body: the new status; closing a card sends `closed` (SPEC §4). */
export const stickyStatusRequestSchema = strictObject({ status: stickyStatusSchema });
/** Body of a card status change. */
export type StickyStatusRequest = z.infer<typeof stickyStatusRequestSchema>;

/** A student in a highlight list (SPEC §3: id, identity, name); links to `/students/{id}`. */
export const highlightListStudentSchema = studentRefSchema;
/** A student in a highlight list. */
export type HighlightListStudent = z.infer<typeof highlightListStudentSchema>;

/**
 * A class behind a card's More control (SPEC §3: id, name, room, schedule_id, plan_id). Links go to the
 * attendance or achievement screen of the class, or to the lesson (and plan) of its schedule; `room` is the
 * room name, and the ids are null where the card's kind has no schedule or plan.
 */
export const stickyClassEntrySchema = z.object({
  id: idSchema,
  name: z.string(),
  room: z.string().nullable(),
  schedule_id: idSchema.nullable(),
  plan_id: idSchema.nullable(),
});
/** A class behind a card. */
export type StickyClassEntry = z.infer<typeof stickyClassEntrySchema>;

/** An external link entry (SPEC §3: title, link), as plans and cards list them. */
export const externalLinkSchema = z.object({ title: z.string(), link: z.string() });
/** An external link. */
export type ExternalLink = z.infer<typeof externalLinkSchema>;

/**
 * `GET /api/sticky/{id}`: the card with what its More control lists. SPEC names the links but not the
 * shape; one answer carries both kinds so a student-type card needs no second call.
 */
export const stickyDetailResponseSchema = stickySchema.extend({
  classes: z.array(stickyClassEntrySchema),
  students: z.array(highlightListStudentSchema),
});
/** A card with its More lists. */
export type StickyDetailResponse = z.infer<typeof stickyDetailResponseSchema>;

/** Query of `GET /api/sticky/list-classes-*` (SPEC §7: stickyId, stickyType). */
export const stickyClassesQuerySchema = strictObject({
  stickyId: idSchema,
  stickyType: z.coerce.number().pipe(codeOf(StickyType)),
});
/** Parsed query of a card's class list. */
export type StickyClassesQuery = z.infer<typeof stickyClassesQuerySchema>;

/** Answer of `GET /api/sticky/list-classes-*`: the classes of the card. */
export const stickyClassesResponseSchema = z.object({ data: z.array(stickyClassEntrySchema) });
/** A card's class list. */
export type StickyClassesResponse = z.infer<typeof stickyClassesResponseSchema>;
