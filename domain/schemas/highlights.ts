import { z } from 'zod';
import {
  highlightCompareSchema,
  highlightConditionSchema,
  highlightRuleSchema,
  highlightTypeSchema,
} from '../highlights';
import { STAFF_BUT_SUPER_ADMIN, TEACHERS_AND_ADMINS } from '../roles';
import { studentGpaSchema } from './achievement';
import {
  alsoValidAs,
  booleanSchema,
  type CallSlice,
  commentSchema,
  emptyBodySchema,
  idListSchema,
  idParams,
  idSchema,
  listOf,
  namedRefSchema,
  numberSchema,
  okResponseSchema,
  strictObject,
  studentRefSchema,
} from './common';
import { teacherSchema } from './people';

/**
 * A highlight of a subject: its rule (SPEC §3 `highlight {type, condition_type, compare_type, value}`), the
 * message a flagged student reads, its place in the subject's priority order, and whether it is hidden.
 */
export const highlightSchema = z.object({
  id: idSchema,
  subject_id: idSchema,
  type: highlightTypeSchema,
  condition_type: highlightConditionSchema,
  compare_type: highlightCompareSchema,
  value: z.number(),
  message_to_student: z.string().nullable(),
  priority: z.number().int().nonnegative(),
  hidden: z.boolean(),
});
/** A highlight. */
export type Highlight = z.infer<typeof highlightSchema>;

/** `GET .../highlights/{highlightId}`: the highlight and the students it flags (the borderline list). */
export const highlightDetailSchema = highlightSchema.extend({ students: z.array(studentRefSchema) });
/** A highlight with its students. */
export type HighlightDetail = z.infer<typeof highlightDetailSchema>;

/**
 * Body of `POST .../highlights` and `.../highlights/{highlightId}`. The rule's checks (condition fits the
 * type, whole counts, GPA on the 0–4 scale) are `highlightRuleSchema`'s, applied to the strict body.
 */
export const highlightWriteSchema = strictObject({
  type: highlightTypeSchema,
  condition_type: highlightConditionSchema,
  compare_type: highlightCompareSchema,
  value: numberSchema,
  message_to_student: commentSchema.default(null),
  hidden: booleanSchema.default(false),
}).superRefine(alsoValidAs(highlightRuleSchema));
/** Body of a highlight write. */
export type HighlightWrite = z.infer<typeof highlightWriteSchema>;

/** `GET .../highlights` and `/hidden-highlights`: the subject's highlights in priority order. */
export const highlightListResponseSchema = listOf('highlights', highlightSchema);

/** Body of `POST .../highlights/priority`: every highlight id of the subject in the new order. */
export const highlightPriorityRequestSchema = strictObject({
  ids: idListSchema({ min: 1 }),
});
/** Body of a highlight reorder. */
export type HighlightPriorityRequest = z.infer<typeof highlightPriorityRequestSchema>;

/**
 * `GET .../highlights/list-score`: the subject's students with their GPA, so the highlight form can preview
 * who a GPA rule would flag. The SPEC names the path only; this is the least the preview needs.
 */
export const highlightScoreListResponseSchema = listOf('students', studentGpaSchema);
/** `GET .../exams`: the subject's exams, for exam-based highlight and report choices. */
export const subjectExamsResponseSchema = listOf('exams', namedRefSchema);
/** `GET .../teachers`: the subject's teachers. */
export const subjectTeachersResponseSchema = listOf('teachers', teacherSchema);
/** `GET .../head-teacher-admin`: who a memo's "contact head teacher" reaches (head teachers and admins). */
export const headTeacherAdminResponseSchema = listOf('users', namedRefSchema);

const subject = idParams('subjectId');
const subjectHighlight = idParams('subjectId', 'highlightId');

/** The calls of this area in the call table (`domain/schemas/calls.ts` merges the slices). */
export const highlightsCalls = {
  // Highlights name the flagged students, so only staff read them; students see their own highlight cards.
  'GET /api/academic/subjects/:subjectId/highlights': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: subject,
    response: highlightListResponseSchema,
  },
  'POST /api/academic/subjects/:subjectId/highlights': {
    roles: TEACHERS_AND_ADMINS,
    params: subject,
    body: highlightWriteSchema,
    response: highlightSchema,
  },
  'GET /api/academic/subjects/:subjectId/hidden-highlights': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: subject,
    response: highlightListResponseSchema,
  },
  'POST /api/academic/subjects/:subjectId/highlights/:highlightId': {
    roles: TEACHERS_AND_ADMINS,
    params: subjectHighlight,
    body: highlightWriteSchema,
    response: highlightSchema,
  },
  'DELETE /api/academic/subjects/:subjectId/highlights/:highlightId': {
    roles: TEACHERS_AND_ADMINS,
    params: subjectHighlight,
    body: emptyBodySchema,
    response: okResponseSchema,
  },
  'GET /api/academic/subjects/:subjectId/highlights/:highlightId': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: subjectHighlight,
    response: highlightDetailSchema,
  },
  'POST /api/academic/subjects/:subjectId/highlights/priority': {
    roles: TEACHERS_AND_ADMINS,
    params: subject,
    body: highlightPriorityRequestSchema,
    response: highlightListResponseSchema,
  },
  'GET /api/academic/subjects/:subjectId/highlights/list-score': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: subject,
    response: highlightScoreListResponseSchema,
  },
  'GET /api/academic/subjects/:subjectId/exams': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: subject,
    response: subjectExamsResponseSchema,
  },
  'GET /api/academic/subjects/:subjectId/teachers': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: subject,
    response: subjectTeachersResponseSchema,
  },
  'GET /api/academic/subjects/:subjectId/head-teacher-admin': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: subject,
    response: headTeacherAdminResponseSchema,
  },
} as const satisfies CallSlice;
