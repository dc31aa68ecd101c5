import { z } from 'zod';
import { MASTER_SETTING_SEGMENTS, type MasterSettingSegment, YEAR_CODE_COLORS } from '../master';
import { MasterKind, type MasterSettingTab } from '../master-kind';
import { ADMINS_ONLY } from '../roles';
import { uniqueNames } from '../validation';
import { ValidationCode } from '../validation-codes';
import {
  type CallSlice,
  CODE_ERRORS,
  emptyBodySchema,
  idFilter,
  idParams,
  idSchema,
  listOf,
  nameSchema,
  okResponseSchema,
  paginationSchema,
  strictObject,
} from './common';

/** A master row in the lists of `GET /master-data` (SPEC §3). */
export const masterItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  university_id: z.string().nullable().optional(),
  faculty_id: z.string().nullable().optional(),
  subject_name_id: z.string().nullable().optional(),
  color: z.string().nullable().optional(),
  start_date: z.string().nullable().optional(),
  end_date: z.string().nullable().optional(),
});

/** A person in the lists of `GET /master-data`. */
export const masterPersonSchema = z.object({ id: z.string(), name: z.string(), role: z.number().int() });

/** `GET /master-data`: the lists of SPEC §3. */
export const masterDataResponseSchema = z.object({
  universities: z.array(masterItemSchema),
  year_codes: z.array(masterItemSchema),
  subjects: z.array(masterItemSchema),
  semesters: z.array(masterItemSchema),
  class_names: z.array(masterItemSchema),
  exam_names: z.array(masterItemSchema),
  rooms: z.array(masterItemSchema),
  faculties: z.array(masterItemSchema),
  teachers: z.array(masterPersonSchema),
  students: z.array(masterPersonSchema),
  teacher_and_admins: z.array(masterPersonSchema),
});

export type MasterDataResponse = z.infer<typeof masterDataResponseSchema>;

/** Body of `POST /api/master-setting/{segment}` (create) and `/{segment}/{id}` (update). */
export const masterSettingWriteSchema = z.strictObject({
  name: z.string().trim().min(1, 'required').max(255, 'too_long'),
  university_id: z.uuid().nullable().optional(),
  faculty_id: z.uuid().nullable().optional(),
  subject_name_id: z.uuid().nullable().optional(),
});

export type MasterSettingWrite = z.infer<typeof masterSettingWriteSchema>;

const uuidRequired = z.uuid('invalid');
const base = masterSettingWriteSchema.pick({ name: true });

/**
 * Body of create and update per master-setting segment: the common `masterSettingWriteSchema` narrowed to
 * the relations each kind has. Strict, so a field a kind does not have is refused as `unknown_field`.
 */
export const masterSettingWriteSchemas = {
  'year-codes': base.extend({
    university_id: uuidRequired,
    faculty_id: uuidRequired,
    color: z.enum(YEAR_CODE_COLORS, 'invalid').optional(),
  }),
  universities: base,
  classes: base.extend({ university_id: z.uuid('invalid').nullable().optional() }),
  exams: base.extend({ subject_name_id: uuidRequired }),
  rooms: base.extend({ university_id: uuidRequired }),
  subjects: base,
  faculties: base.extend({ university_id: uuidRequired }),
} as const satisfies Record<MasterSettingSegment, z.ZodType>;

/** The body of a create or update for one segment. */
export type MasterSettingWriteFor<S extends MasterSettingSegment> = z.infer<
  (typeof masterSettingWriteSchemas)[S]
>;

/** Largest page of a master search. */
export const MASTER_SEARCH_MAX_LIMIT = 100;

// Query strings are text: numbers are coerced explicitly, and an empty filter means no filter.
const searchBase = z.strictObject({
  param: z.string().max(255, 'too_long').optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MASTER_SEARCH_MAX_LIMIT).default(10),
});

const withUniversity = searchBase.extend({ university: idFilter });

/**
 * Query of `GET /api/master-setting/{segment}/search` (SPEC §3 "Master search"): `university` filters year
 * codes, rooms, class names and faculties; `subjectNameId` filters exam names.
 */
export const masterSearchQuerySchemas = {
  'year-codes': withUniversity,
  universities: searchBase,
  classes: withUniversity,
  exams: searchBase.extend({ subjectNameId: idFilter }),
  rooms: withUniversity,
  subjects: searchBase,
  faculties: withUniversity,
} as const satisfies Record<MasterSettingSegment, z.ZodType>;

/** A parsed master search query (the union of every segment's filters). */
export type MasterSearchQuery = z.infer<typeof searchBase> & { university?: string; subjectNameId?: string };

/** Answer of a master search. */
export const masterSearchResponseSchema = z.object({
  data: z.array(masterItemSchema),
  meta: z.object({ pagination: paginationSchema }),
});

export type MasterSearchResponse = z.infer<typeof masterSearchResponseSchema>;

/** Answer of a master delete. */
export const masterDeleteResponseSchema = okResponseSchema;

/** A room (SPEC §3: id, name, university_id). */
export const roomSchema = z.object({ id: idSchema, name: z.string(), university_id: idSchema });
/** A room. */
export type Room = z.infer<typeof roomSchema>;

/**
 * The id key each master-setting tab's payload carries (SPEC §3 "Payload ids"), for the list updates of the
 * screen: create prepends, update replaces by this id, delete removes by it.
 */
export const MASTER_SETTING_PAYLOAD_IDS = {
  [MasterKind.yearCodes]: 'yearCode_id',
  [MasterKind.universities]: 'university_id',
  [MasterKind.classNames]: 'class_name_id',
  [MasterKind.examNames]: 'exam_name_id',
  [MasterKind.rooms]: 'room_id',
  [MasterKind.subjectNames]: 'subject_name_id',
  [MasterKind.faculties]: 'faculty_id',
} as const satisfies Record<MasterSettingTab, string>;

/** A master-setting URL segment (`year-codes`, `universities`, …). */
export const masterSettingSegmentSchema = z.enum(
  Object.keys(MASTER_SETTING_SEGMENTS) as [keyof typeof MASTER_SETTING_SEGMENTS],
  CODE_ERRORS,
);

/** Path of `/api/master-setting/{segment}` and `/search`. */
export const masterSegmentParamsSchema = strictObject({ segment: masterSettingSegmentSchema });
/** Path of `/api/master-setting/{segment}/{id}`. */
export const masterSegmentIdParamsSchema = strictObject({
  segment: masterSettingSegmentSchema,
  id: idSchema,
});

/**
 * The registry's body of a master create or update: the union of every segment's fields, strict, so any
 * field no segment has is refused as `unknown_field`. The route of each segment then narrows to
 * `masterSettingWriteSchemas[segment]`, which also refuses the relations its own kind does not have.
 */
export const masterSettingAnyWriteSchema = masterSettingWriteSchema.extend({
  color: masterSettingWriteSchemas['year-codes'].shape.color,
});

/** The registry's query of a master search: every segment's filters; each route narrows to its own. */
export const masterSearchAnyQuerySchema = masterSearchQuerySchemas['year-codes'].extend({
  subjectNameId: masterSearchQuerySchemas.exams.shape.subjectNameId,
});

/** Rooms one multi-store may create: a building's worth at a time. */
const ROOMS_PER_STORE_MAX = 100;

/** Body of `POST /api/master-setting/rooms/multiStore`: several rooms of a university, no name twice. */
export const roomsMultiStoreRequestSchema = strictObject({
  rooms: uniqueNames(
    z
      .array(strictObject({ name: nameSchema, university_id: idSchema }))
      .min(1, ValidationCode.required)
      .max(ROOMS_PER_STORE_MAX, ValidationCode.tooLong),
  ),
});
/** Body of a rooms multi-store. */
export type RoomsMultiStoreRequest = z.infer<typeof roomsMultiStoreRequestSchema>;

/** Answer of a rooms multi-store: the rooms created. */
export const roomsMultiStoreResponseSchema = listOf('rooms', masterItemSchema);

/** `GET /api/master-setting/universities/universities-faculty`: universities with their faculties. */
export const universitiesFacultyResponseSchema = listOf(
  'universities',
  masterItemSchema.extend({ faculties: z.array(masterItemSchema) }),
);

/** `GET /api/master-setting/year-codes/university/{id}/faculty/{id}`: the faculty's year codes. */
export const masterYearCodesResponseSchema = listOf('yearCodes', masterItemSchema);

const universityFaculty = idParams('universityId', 'facultyId');

/** The calls of this area in the call table (`domain/schemas/calls.ts` merges the slices). */
export const masterSettingCalls = {
  'GET /master-data': { roles: 'signedIn', response: masterDataResponseSchema },
  'GET /api/master-setting/:segment/search': {
    roles: ADMINS_ONLY,
    params: masterSegmentParamsSchema,
    query: masterSearchAnyQuerySchema,
    response: masterSearchResponseSchema,
  },
  'POST /api/master-setting/:segment': {
    roles: ADMINS_ONLY,
    params: masterSegmentParamsSchema,
    body: masterSettingAnyWriteSchema,
    response: masterItemSchema,
  },
  'POST /api/master-setting/:segment/:id': {
    roles: ADMINS_ONLY,
    params: masterSegmentIdParamsSchema,
    body: masterSettingAnyWriteSchema,
    response: masterItemSchema,
  },
  'DELETE /api/master-setting/:segment/:id': {
    roles: ADMINS_ONLY,
    params: masterSegmentIdParamsSchema,
    body: emptyBodySchema,
    response: masterDeleteResponseSchema,
  },
  // Master settings are admin-only like the /master-setting screen.
  'POST /api/master-setting/rooms/multiStore': {
    roles: ADMINS_ONLY,
    body: roomsMultiStoreRequestSchema,
    response: roomsMultiStoreResponseSchema,
  },
  'GET /api/master-setting/universities/universities-faculty': {
    roles: ADMINS_ONLY,
    response: universitiesFacultyResponseSchema,
  },
  'GET /api/master-setting/year-codes/university/:universityId/faculty/:facultyId': {
    roles: ADMINS_ONLY,
    params: universityFaculty,
    response: masterYearCodesResponseSchema,
  },
} as const satisfies CallSlice;
