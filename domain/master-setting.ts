import { z } from 'zod';
import {
  type MasterSettingSegment,
  masterItemSchema,
  masterSettingWriteSchema,
  YEAR_CODE_COLORS,
} from './master';

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
/** An optional id filter of a query string: empty means no filter, anything else must be a uuid. */
export const optionalUuidFilter = z
  .union([z.literal('').transform(() => undefined), z.uuid('invalid')])
  .optional();

const searchBase = z.strictObject({
  param: z.string().max(255, 'too_long').optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MASTER_SEARCH_MAX_LIMIT).default(10),
});

const withUniversity = searchBase.extend({ university: optionalUuidFilter });

/**
 * Query of `GET /api/master-setting/{segment}/search` (SPEC §3 "Master search"): `university` filters year
 * codes, rooms, class names and faculties; `subjectNameId` filters exam names.
 */
export const masterSearchQuerySchemas = {
  'year-codes': withUniversity,
  universities: searchBase,
  classes: withUniversity,
  exams: searchBase.extend({ subjectNameId: optionalUuidFilter }),
  rooms: withUniversity,
  subjects: searchBase,
  faculties: withUniversity,
} as const satisfies Record<MasterSettingSegment, z.ZodType>;

/** A parsed master search query (the union of every segment's filters). */
export type MasterSearchQuery = z.infer<typeof searchBase> & { university?: string; subjectNameId?: string };

/** Paging block of list answers (SPEC §3 "meta.pagination"). */
export const paginationSchema = z.object({
  count: z.number().int(),
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
});

/** Answer of a master search. */
export const masterSearchResponseSchema = z.object({
  data: z.array(masterItemSchema),
  meta: z.object({ pagination: paginationSchema }),
});

export type MasterSearchResponse = z.infer<typeof masterSearchResponseSchema>;

/** Answer of a master delete. */
export const masterDeleteResponseSchema = z.object({ ok: z.literal(true) });
