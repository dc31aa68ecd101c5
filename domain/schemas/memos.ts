import { z } from 'zod';
import { STAFF_BUT_SUPER_ADMIN, TEACHERS_AND_ADMINS } from '../roles';
import { noteContentSchema } from '../validation';
import { ValidationCode } from '../validation-codes';
import {
  booleanSchema,
  type CallSlice,
  dateTimeSchema,
  emptyBodySchema,
  idListSchema,
  idParams,
  idSchema,
  listOf,
  namedRefSchema,
  okResponseSchema,
  queryIdListSchema,
  strictObject,
} from './common';

/** A memo (SPEC §3: id, message, contact_to_head_teacher, schedules_id), with who wrote it and when. */
export const memoSchema = z.object({
  id: idSchema,
  message: z.string(),
  contact_to_head_teacher: z.boolean(),
  schedules_id: z.array(idSchema),
  author: namedRefSchema,
  updated_at: dateTimeSchema,
});
/** A memo. */
export type Memo = z.infer<typeof memoSchema>;

/**
 * Body of `POST /api/memo` and `/api/memo/{id}`: the text (a note, SPEC §5: at most 3000), whether the head
 * teacher is told, and the schedules it is about (at least one).
 */
export const memoWriteSchema = strictObject({
  message: noteContentSchema.min(1, ValidationCode.required),
  contact_to_head_teacher: booleanSchema.default(false),
  schedules_id: idListSchema({ min: 1 }),
});
/** Body of a memo write. */
export type MemoWrite = z.infer<typeof memoWriteSchema>;

/** Query of `GET /api/memo` (SPEC §7 `schedules_id`): memos of these schedules. */
export const memoListQuerySchema = strictObject({ schedules_id: queryIdListSchema });
/** Parsed memo list query. */
export type MemoListQuery = z.infer<typeof memoListQuerySchema>;

/** `GET /api/memo`. */
export const memoListResponseSchema = listOf('memos', memoSchema);

/** `GET /api/memo/{subjectId}/check-teacher-in-subject`: whether the caller teaches the subject (SPEC §6). */
export const memoTeacherCheckResponseSchema = z.object({ isTeacher: z.boolean() });

const memo = idParams('memoId');
const subject = idParams('subjectId');

/** The calls of this area in the call table (`domain/schemas/calls.ts` merges the slices). */
export const memosCalls = {
  // Memos: staff read; writing needs a teacher in the subject or an admin (row rule `mayWriteMemo`).
  'GET /api/memo/:subjectId/check-teacher-in-subject': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: subject,
    response: memoTeacherCheckResponseSchema,
  },
  'POST /api/memo': { roles: TEACHERS_AND_ADMINS, body: memoWriteSchema, response: memoSchema },
  'GET /api/memo': {
    roles: STAFF_BUT_SUPER_ADMIN,
    query: memoListQuerySchema,
    response: memoListResponseSchema,
  },
  'POST /api/memo/:memoId': {
    roles: TEACHERS_AND_ADMINS,
    params: memo,
    body: memoWriteSchema,
    response: memoSchema,
  },
  'DELETE /api/memo/:memoId': {
    roles: TEACHERS_AND_ADMINS,
    params: memo,
    body: emptyBodySchema,
    response: okResponseSchema,
  },
} as const satisfies CallSlice;
