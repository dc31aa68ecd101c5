import { z } from 'zod';
import { codeSchema } from '../codes';
import { datePart } from '../dates';
import { EventTab } from '../events-search';
import { ADMINS_ONLY, ALL_BUT_SUPER_ADMIN, SCHOOL_ROLES } from '../roles';
import { noteContentSchema, validateDateRange } from '../validation';
import { ValidationCode } from '../validation-codes';
import {
  type CallSlice,
  dateTimeInputSchema,
  dateTimeSchema,
  emptyBodySchema,
  idListSchema,
  idParams,
  idSchema,
  integerSchema,
  listOf,
  namedRefSchema,
  nameSchema,
  okResponseSchema,
  pagedListSchema,
  strictObject,
  stringSchema,
  urlSchema,
} from './common';

/** Zod schema of an events tab. */
export const eventTabSchema = codeSchema(EventTab);

/**
 * An event of the coding-practice service (SPEC §3 Viblo event: id, start_time, end_time), with what the list
 * and edit screens show. Its tab (present, future, past) is `eventTab`, computed from the two dates.
 */
export const vibloEventSchema = z.object({
  id: idSchema,
  name: z.string(),
  start_time: dateTimeSchema,
  end_time: dateTimeSchema,
  description: z.string().nullable(),
  url: z.string().nullable(),
  universities: z.array(namedRefSchema),
});
/** An event. */
export type VibloEvent = z.infer<typeof vibloEventSchema>;

/** The choices of the events filter (`eventFilter`), as the stored sort list orders them. */
export const eventFilterOptionsSchema = z.array(namedRefSchema);

/** The events answer (SPEC §3: data, meta, dataFilter). */
export const eventsResponseSchema = pagedListSchema(vibloEventSchema).extend({
  dataFilter: eventFilterOptionsSchema,
});
/** The events answer. */
export type EventsResponse = z.infer<typeof eventsResponseSchema>;

/** Body of `POST /api/viblo-event/search`: the `/viblo/events` search (SPEC §2: tab, eventFilter, page). */
export const eventSearchRequestSchema = strictObject({
  tab: eventTabSchema,
  eventFilter: stringSchema.max(255, ValidationCode.tooLong).nullable().default(null),
  page: integerSchema.min(1, ValidationCode.tooSmall).default(1),
});
/** Body of an events search. */
export type EventSearchRequest = z.infer<typeof eventSearchRequestSchema>;

/** Body of `POST /api/viblo-event` and `/api/viblo-event/{id}`: the event, ending on or after its start day. */
export const eventWriteSchema = strictObject({
  name: nameSchema,
  start_time: dateTimeInputSchema,
  end_time: dateTimeInputSchema,
  description: noteContentSchema.nullable().default(null),
  url: urlSchema.nullable().default(null),
  university_ids: idListSchema().default([]),
}).superRefine((event, ctx) => {
  // Events fall into tabs by calendar day (SPEC §4), so the range rule is the date range's.
  const start = datePart(event.start_time);
  const end = datePart(event.end_time);
  if (start === null || end === null) return;
  const code = validateDateRange(start, end);
  if (code !== null) ctx.addIssue({ code: 'custom', path: ['end_time'], message: code });
});
/** Body of an event write. */
export type EventWrite = z.infer<typeof eventWriteSchema>;

/** `GET /api/viblo-event/data-filter`: the filter choices of the events list. */
export const eventDataFilterResponseSchema = z.object({ dataFilter: eventFilterOptionsSchema });
/** `GET /api/viblo-event/add/get-data-create`: the choices of the event form (the universities it targets). */
export const eventCreateDataResponseSchema = listOf('universities', namedRefSchema);

/** `GET /api/viblo/filter-data`: the events the ranking can be filtered by. */
export const rankingFilterDataResponseSchema = listOf('events', namedRefSchema);

/**
 * Body of `POST /api/viblo/search`: the ranking of one event (null for every event's rows), narrowed to a
 * university and a year code, searched by name, paged.
 */
export const rankingSearchRequestSchema = strictObject({
  eventId: idSchema.nullable().default(null),
  universityId: idSchema.nullable().default(null),
  yearCodeId: idSchema.nullable().default(null),
  param: stringSchema.max(255, ValidationCode.tooLong).default(''),
  page: integerSchema.min(1, ValidationCode.tooSmall).default(1),
});
/** Body of a ranking search. */
export type RankingSearchRequest = z.infer<typeof rankingSearchRequestSchema>;

/** A row of the ranking: a user's place and score in one event of the coding-practice service. */
export const rankingRowSchema = z.object({
  rank: z.number().int().min(1),
  event: namedRefSchema,
  user: namedRefSchema,
  university: namedRefSchema.nullable(),
  year_code: namedRefSchema.nullable(),
  score: z.number(),
});
/** A row of the ranking. */
export type RankingRow = z.infer<typeof rankingRowSchema>;
/**
 * `POST /api/viblo/search` answer. `updated_at` is when the shown event's ranking was last fetched from the
 * service or imported (null: never), so a screen can say how fresh it is.
 */
export const rankingResponseSchema = pagedListSchema(rankingRowSchema).extend({
  updated_at: dateTimeSchema.nullable(),
});
/** `POST /api/viblo/search` answer. */
export type RankingResponse = z.infer<typeof rankingResponseSchema>;

const event = idParams('eventId');

/** Rows one ranking import may hold: a large contest's worth. */
export const RANKING_IMPORT_MAX_ROWS = 5000;

/**
 * `POST /api/viblo-event/{id}/ranking-import`: the fallback when the coding-practice service is not connected
 * (or down): an xlsx of `email | rank | score` replaces the event's ranking. Answers how many rows were
 * stored and how many named nobody of this school.
 */
export const rankingImportResponseSchema = z.object({
  stored: z.number().int().min(0),
  skipped: z.number().int().min(0),
});
/** Answer of a ranking import. */
export type RankingImportResponse = z.infer<typeof rankingImportResponseSchema>;

/** The calls of this area in the call table (`domain/schemas/calls.ts` merges the slices). */
export const eventsCalls = {
  // Events: /viblo for 0, 1, 2, 5; the events list for everyone; writing events for admins (SPEC §6).
  'GET /api/viblo/filter-data': { roles: ALL_BUT_SUPER_ADMIN, response: rankingFilterDataResponseSchema },
  'POST /api/viblo/search': {
    roles: ALL_BUT_SUPER_ADMIN,
    body: rankingSearchRequestSchema,
    response: rankingResponseSchema,
  },
  'POST /api/viblo-event/search': {
    roles: SCHOOL_ROLES,
    body: eventSearchRequestSchema,
    response: eventsResponseSchema,
  },
  'GET /api/viblo-event/data-filter': { roles: SCHOOL_ROLES, response: eventDataFilterResponseSchema },
  'GET /api/viblo-event/add/get-data-create': { roles: ADMINS_ONLY, response: eventCreateDataResponseSchema },
  'POST /api/viblo-event': { roles: ADMINS_ONLY, body: eventWriteSchema, response: vibloEventSchema },
  'GET /api/viblo-event/:eventId': { roles: SCHOOL_ROLES, params: event, response: vibloEventSchema },
  'POST /api/viblo-event/:eventId': {
    roles: ADMINS_ONLY,
    params: event,
    body: eventWriteSchema,
    response: vibloEventSchema,
  },
  'DELETE /api/viblo-event/:eventId': {
    roles: ADMINS_ONLY,
    params: event,
    body: emptyBodySchema,
    response: okResponseSchema,
  },
  // The xlsx itself is the body (`Content-Type` of xlsx), checked by the same file rules as the score import.
  'POST /api/viblo-event/:eventId/ranking-import': {
    roles: ADMINS_ONLY,
    params: event,
    response: rankingImportResponseSchema,
  },
} as const satisfies CallSlice;
