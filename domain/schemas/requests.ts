import { z } from 'zod';
import { FieldError } from '../errors';
import { RequestStatus } from '../request-status';
import { RequestFilterStatus, RequestType, requestOptionMeaning, requestOptionNeeds } from '../requests';
import { EVERYONE, REQUEST_ROLES, STUDENTS_AND_GUARDIANS } from '../roles';
import {
  acceptReasonSchema,
  attendanceRequestKindSchema,
  confirmKindSchema,
  type RequestDoc,
  requestOptionSchema,
  requestStatusSchema,
  requestTypeSchema,
} from '../sync-docs';
import { lateMinutesSchema, pointValueSchema, requestContentSchema } from '../validation';
import { ValidationCode } from '../validation-codes';
import {
  type CallSlice,
  dateTimeSchema,
  idFilter,
  idParams,
  idSchema,
  isoDateSchema,
  namedRefSchema,
  optionalFilter,
  pagedListSchema,
  pageQueryShape,
  queryCode,
  sortTypeSchema,
  strictObject,
  studentRefSchema,
} from './common';

/**
 * A student request (SPEC §3). `attendance_kind` is set for attendance requests, `confirm_kind` for
 * attendance-confirm requests, `accept_reason` once accepted; each is null otherwise. The schedule or the
 * score name says what the request is about.
 */
export const requestSchema = z.object({
  id: idSchema,
  student: studentRefSchema,
  type: requestTypeSchema,
  status: requestStatusSchema,
  option: requestOptionSchema,
  attendance_kind: attendanceRequestKindSchema.nullable(),
  confirm_kind: confirmKindSchema.nullable(),
  accept_reason: acceptReasonSchema.nullable(),
  subject: namedRefSchema,
  class: namedRefSchema.nullable(),
  schedule: z.object({ id: idSchema, day: isoDateSchema, lesson: namedRefSchema }).nullable(),
  score_name: namedRefSchema.nullable(),
  late_minutes: z.number().int().nullable(),
  points: z.number().nullable(),
  content: z.string(),
  reject_reason: z.string().nullable(),
  decided_by: namedRefSchema.nullable(),
  decided_at: dateTimeSchema.nullable(),
  /** The guardian who filed it for their child (issue 43); null when the student filed it themself. */
  filed_by: namedRefSchema.nullable(),
  created_at: dateTimeSchema,
  updated_at: dateTimeSchema,
});
/** A student request. */
export type Request = z.infer<typeof requestSchema>;

/**
 * Body of `POST /api/requests`: the form's option (SPEC §3: 1–7) and what it is about. An attendance or
 * attendance-confirm request needs a schedule, an achievement confirm a score name and the score it asks
 * for, a late request or late confirm its minutes (SPEC §5); the content is required, at most 500.
 * `student_id` names the child a guardian files for (issue 43: required of a guardian, one of their wards); a
 * student leaves it out (or names themself).
 */
export const requestCreateSchema = strictObject({
  student_id: idSchema.nullable().optional(),
  option: requestOptionSchema,
  subject_id: idSchema,
  class_id: idSchema,
  schedule_id: idSchema.nullable().default(null),
  score_name_id: idSchema.nullable().default(null),
  late_minutes: lateMinutesSchema.nullable().default(null),
  points: pointValueSchema.default(null),
  content: requestContentSchema,
}).superRefine((request, ctx) => {
  const needs = requestOptionNeeds(request.option);
  const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  const check = (field: 'schedule_id' | 'score_name_id' | 'late_minutes' | 'points', needed: boolean) => {
    if (needed && request[field] === null) issue(field, ValidationCode.required);
    if (!needed && request[field] !== null) issue(field, FieldError.invalid);
  };
  check('schedule_id', needs.schedule);
  check('score_name_id', needs.scoreName);
  check('late_minutes', needs.lateMinutes);
  check('points', needs.scoreName);
});
/** Body of a request create. */
export type RequestCreate = z.infer<typeof requestCreateSchema>;

/**
 * The new, pending request document a create body stands for: the REST create and the offline form build it
 * the same way (its type and kinds from the option, nothing decided yet).
 */
export function newRequestDoc(
  body: RequestCreate,
  place: { id: string; studentId: string; universityId: string; createdAt: string; filedBy?: string | null },
): RequestDoc {
  const meaning = requestOptionMeaning(body.option);
  return {
    id: place.id,
    subjectId: body.subject_id,
    universityId: place.universityId,
    studentId: place.studentId,
    classId: body.class_id,
    scheduleId: body.schedule_id,
    scoreNameId: body.score_name_id,
    type: meaning.type,
    status: RequestStatus.requesting,
    option: body.option,
    attendanceKind: meaning.attendanceKind,
    confirmKind: meaning.confirmKind,
    acceptReason: null,
    lateMinutes: body.late_minutes,
    points: body.points,
    content: body.content,
    rejectReason: null,
    decidedBy: null,
    decidedAt: null,
    filedBy: place.filedBy ?? null,
    createdAt: place.createdAt,
    updatedAt: 0,
    _deleted: false,
  };
}

/**
 * Body of the per-type status calls (`/attendance`, `/achievement-confirm`, `/confirmAttendance`, `/other`):
 * the new status; for an acceptance whether the record was updated too, for a rejection its reason (≤ 500).
 * A request only leaves `requesting` (`canChangeRequestStatus`), so `requesting` itself is refused here.
 */
export const requestDecisionSchema = strictObject({
  status: requestStatusSchema.refine((status) => status !== RequestStatus.requesting, FieldError.invalid),
  accept_reason: acceptReasonSchema.nullable().default(null),
  reason: requestContentSchema.nullable().default(null),
}).superRefine((decision, ctx) => {
  const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  const accepted = decision.status === RequestStatus.accepted;
  if (accepted && decision.accept_reason === null) issue('accept_reason', ValidationCode.required);
  if (!accepted && decision.accept_reason !== null) issue('accept_reason', FieldError.invalid);
  const rejected = decision.status === RequestStatus.rejected;
  if (rejected && decision.reason === null) issue('reason', ValidationCode.required);
  if (!rejected && decision.reason !== null) issue('reason', FieldError.invalid);
});
/** Body of a request decision or cancellation. */
export type RequestDecision = z.infer<typeof requestDecisionSchema>;

/** Request search filters (SPEC §3: param, type, status, page, limit, sortType, subject, subjectClass). */
export const requestSearchQuerySchema = strictObject({
  ...pageQueryShape,
  type: optionalFilter(queryCode(RequestType)),
  status: optionalFilter(queryCode(RequestFilterStatus)),
  sortType: optionalFilter(sortTypeSchema),
  subject: idFilter,
  subjectClass: idFilter,
});
/** Parsed request search. */
export type RequestSearchQuery = z.infer<typeof requestSearchQuerySchema>;

/** `GET /api/requests/search`. */
export const requestListResponseSchema = pagedListSchema(requestSchema);
/** A page of requests. */
export type RequestListResponse = z.infer<typeof requestListResponseSchema>;

const request = idParams('requestId');
const requestDecision = { params: request, body: requestDecisionSchema, response: requestSchema };

/** The calls of this area in the call table (`domain/schemas/calls.ts` merges the slices). */
export const requestsCalls = {
  // Requests: students create, and guardians for their children (issue 43); 1, 2, 5, 6 list; the detail screen
  // is open to all roles (SPEC §6). The per-type status calls decide (staff) or cancel (the owning student, or
  // the guardian who filed it), see `mayChangeRequestStatus`.
  'POST /api/requests': { roles: STUDENTS_AND_GUARDIANS, body: requestCreateSchema, response: requestSchema },
  'GET /api/requests/search': {
    roles: REQUEST_ROLES,
    query: requestSearchQuerySchema,
    response: requestListResponseSchema,
  },
  'GET /api/requests/:requestId': { roles: EVERYONE, params: request, response: requestSchema },
  'POST /api/requests/:requestId/attendance': { roles: REQUEST_ROLES, ...requestDecision },
  'POST /api/requests/:requestId/achievement-confirm': { roles: REQUEST_ROLES, ...requestDecision },
  'POST /api/requests/:requestId/confirmAttendance': { roles: REQUEST_ROLES, ...requestDecision },
  'POST /api/requests/:requestId/other': { roles: REQUEST_ROLES, ...requestDecision },
} as const satisfies CallSlice;
