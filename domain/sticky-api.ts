import { z } from 'zod';
import { LIMITS } from './limits';

/** Query of `GET /api/sticky` (SPEC §7: page, numberSticky). */
export const stickyListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  numberSticky: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIMITS.stickiesPerPageWide)
    .default(LIMITS.stickiesPerPage),
});

/** Body of `POST /api/sticky/{stickId}`: only closing (status 1) exists (SPEC §4). */
export const stickyStatusBodySchema = z.strictObject({ status: z.literal(1) });

/** Query of the four list-classes calls (SPEC §7: stickyId, stickyType). */
export const stickyListClassesQuerySchema = z.strictObject({
  stickyId: z.uuid('invalid'),
  stickyType: z.coerce.number().int().min(0).max(99),
});

/** A sticky as the dashboard reads it (SPEC §3 Sticky). */
export const stickyItemSchema = z.object({
  id: z.string(),
  type: z.number().int(),
  status: z.number().int(),
  content: z.string().nullable(),
  created_at: z.string(),
  year_code: z.object({ code_name: z.string() }).nullable(),
  subject: z
    .object({
      id: z.string(),
      name: z.string(),
      highlightAttendance: z
        .object({ highlights: z.object({ message_to_student: z.string().nullable() }) })
        .nullable(),
      highlightAchievement: z
        .object({ highlights: z.object({ message_to_student: z.string().nullable() }) })
        .nullable(),
    })
    .nullable(),
  lesson: z.object({ id: z.string(), name: z.string(), type: z.number().int() }).nullable(),
  class: z.object({ id: z.string(), name: z.string() }).nullable(),
  schedule: z.object({ id: z.string(), room: z.object({ name: z.string() }).nullable() }).nullable(),
  highlight: z
    .object({
      type: z.number().int(),
      condition_type: z.number().int(),
      compare_type: z.number().int(),
      value: z.number(),
    })
    .nullable(),
  plan: z.object({ id: z.string(), contact_to_student: z.array(z.object({ url: z.string() })) }).nullable(),
  memo_id: z.string().nullable(),
  request_id: z.string().nullable(),
  student: z.object({ id: z.string(), identity: z.string(), name: z.string() }).nullable(),
});
export type StickyItem = z.infer<typeof stickyItemSchema>;

/** `GET /api/sticky` (SPEC §3: data[] and meta.pagination). */
export const stickyListSchema = z.object({
  data: z.array(stickyItemSchema),
  meta: z.object({
    pagination: z.object({
      count: z.number().int(),
      current_page: z.number().int(),
      per_page: z.number().int(),
      total: z.number().int(),
      total_pages: z.number().int(),
      links: z.object({ next: z.string().optional() }),
    }),
  }),
});
export type StickyList = z.infer<typeof stickyListSchema>;

/** A student of a highlight card's More list (SPEC §3: id, identity, name). */
export const highlightStudentSchema = z.object({ id: z.string(), identity: z.string(), name: z.string() });

/** `GET /api/sticky/{id}`: the card and, for a teacher's highlight card, the students it flags now. */
export const stickyDetailSchema = stickyItemSchema.extend({ students: z.array(highlightStudentSchema) });
export type StickyDetail = z.infer<typeof stickyDetailSchema>;

/** A class entry of the list-classes calls (SPEC §3: id, name, room, schedule_id, plan_id). */
export const stickyClassEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  room: z.string().nullable(),
  schedule_id: z.string().nullable(),
  plan_id: z.string().nullable(),
  lesson_id: z.string().nullable(),
  subject_id: z.string(),
});
export const stickyClassListSchema = z.object({ data: z.array(stickyClassEntrySchema) });
export type StickyClassList = z.infer<typeof stickyClassListSchema>;
