import { z } from 'zod';
import { highlightRuleSchema } from '../highlights';
import { lessonTypeSchema } from '../lessons';
import { LIMITS } from '../limits';
import { ALL_BUT_SUPER_ADMIN, STAFF_BUT_SUPER_ADMIN, TEACHERS_ADMINS_STUDENTS } from '../roles';
import { StickyStatus, StickyType, stickyStatusSchema, stickyTypeSchema } from '../stickies';
import {
  type CallSlice,
  CODE_ERRORS,
  codeOf,
  dateTimeSchema,
  idParams,
  idSchema,
  namedRefSchema,
  okResponseSchema,
  pagedListSchema,
  pageOnlyQueryShape,
  queryInteger,
  strictObject,
  studentRefSchema,
} from './common';

/**
 * The highlight setting of a card's subject as a student card reads it (SPEC §3:
 * `highlightAttendance.highlights.message_to_student`). A card stands for one highlight rule, so `highlights`
 * is that rule's message: one object, not a list (SPEC marks its lists, as for `plan.contact_to_student`).
 */
const stickyHighlightSettingSchema = z.object({
  highlights: z.object({ message_to_student: z.string().nullable() }),
});

/**
 * A dashboard card (SPEC §3 "Sticky"). Every nested part is null when the card's type has none (a memo card
 * has no highlight, a subject card no lesson). `content` may be HTML, sanitised on the server and when shown.
 */
export const stickySchema = z.object({
  id: idSchema,
  type: stickyTypeSchema,
  status: stickyStatusSchema,
  content: z.string().nullable(),
  created_at: dateTimeSchema,
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
  plan: z.object({ id: idSchema, contact_to_student: z.array(z.object({ url: z.string() })) }).nullable(),
  // What a card's More control links to: its memo, its request, the student a highlight card names.
  memo_id: idSchema.nullable(),
  request_id: idSchema.nullable(),
  student: studentRefSchema.nullable(),
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

/**
 * `POST /api/sticky/{id}` body: closing a card sends `closed` (SPEC §4: "closing sends status 1"). Closing is
 * the only change a user makes to a card, so any other status is refused rather than read as a close.
 */
export const stickyStatusRequestSchema = strictObject({
  status: z.literal(StickyStatus.closed, CODE_ERRORS),
});
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
  // The lesson and subject the links go to, so the app builds them without reading the card again.
  lesson_id: idSchema.nullable(),
  subject_id: idSchema,
});
/** A class behind a card. */
export type StickyClassEntry = z.infer<typeof stickyClassEntrySchema>;

/** An external link entry (SPEC §3: title, link), as plans and cards list them. */
export const externalLinkSchema = z.object({ title: z.string(), link: z.string() });
/** An external link. */
export type ExternalLink = z.infer<typeof externalLinkSchema>;

/**
 * `GET /api/sticky/{id}`: the card and, for a teacher's highlight card, the students it flags now (SPEC names
 * the More list but not the shape). The classes of the other kinds come from the list-classes calls.
 */
export const stickyDetailResponseSchema = stickySchema.extend({
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

const stickyClasses = { query: stickyClassesQuerySchema, response: stickyClassesResponseSchema };

/** The calls of this area in the call table (`domain/schemas/calls.ts` merges the slices). */
export const stickiesCalls = {
  // Stickies follow the dashboard (everyone but 3); observers only read them. The "More" class lists serve
  // staff cards; a student's More goes to their own profile instead.
  'GET /api/sticky': {
    roles: ALL_BUT_SUPER_ADMIN,
    query: stickyListQuerySchema,
    response: stickyListResponseSchema,
  },
  'POST /api/sticky/:stickyId': {
    roles: TEACHERS_ADMINS_STUDENTS,
    params: idParams('stickyId'),
    body: stickyStatusRequestSchema,
    response: okResponseSchema,
  },
  'GET /api/sticky/:stickyId': {
    roles: ALL_BUT_SUPER_ADMIN,
    params: idParams('stickyId'),
    response: stickyDetailResponseSchema,
  },
  'GET /api/sticky/list-classes-attendance': { roles: STAFF_BUT_SUPER_ADMIN, ...stickyClasses },
  'GET /api/sticky/list-classes-achievement': { roles: STAFF_BUT_SUPER_ADMIN, ...stickyClasses },
  'GET /api/sticky/list-classes-lesson-plan': { roles: STAFF_BUT_SUPER_ADMIN, ...stickyClasses },
  'GET /api/sticky/list-classes-note-plan': { roles: STAFF_BUT_SUPER_ADMIN, ...stickyClasses },
} as const satisfies CallSlice;
