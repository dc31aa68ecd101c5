import { z } from 'zod';
import { STAFF_BUT_SUPER_ADMIN } from '../roles';
import { type CallSlice, idSchema, isoDateSchema, namedRefSchema, strictObject } from './common';

/**
 * Body of `POST /api/statistic/search` (the student count statistics screen): the school levels to count
 * within, each null for all, and the day to count on (null for today). SPEC names the screen only.
 */
export const statisticSearchRequestSchema = strictObject({
  university: idSchema.nullable().default(null),
  faculty: idSchema.nullable().default(null),
  yearCode: idSchema.nullable().default(null),
  date: isoDateSchema.nullable().default(null),
});
/** Body of a statistics search. */
export type StatisticSearchRequest = z.infer<typeof statisticSearchRequestSchema>;

/** Answer of the statistics search: student counts per university, faculty and year code, and their total. */
export const statisticSearchResponseSchema = z.object({
  rows: z.array(
    z.object({
      university: namedRefSchema,
      faculty: namedRefSchema.nullable(),
      year_code: namedRefSchema.nullable(),
      count: z.number().int().nonnegative(),
    }),
  ),
  total: z.number().int().nonnegative(),
});
/** Student count statistics. */
export type StatisticSearchResponse = z.infer<typeof statisticSearchResponseSchema>;

/** The calls of this area in the call table (`domain/schemas/calls.ts` merges the slices). */
export const statisticsCalls = {
  'POST /api/statistic/search': {
    roles: STAFF_BUT_SUPER_ADMIN,
    body: statisticSearchRequestSchema,
    response: statisticSearchResponseSchema,
  },
} as const satisfies CallSlice;
