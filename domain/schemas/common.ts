import { z } from 'zod';
import { codeSchema } from '../codes';
import { isIsoDate, timeToMinutes } from '../dates';
import { FieldError } from '../errors';
import { LIMITS } from '../limits';
import type { AccountRole } from '../roles';
import { SortType } from '../search-params';
import { textWithin } from '../validation';
import { ValidationCode } from '../validation-codes';

// ---------------------------------------------------------------------------------------------------------
// Codes as messages.

/**
 * The code of a zod issue raised without a message of its own. Every schema of `domain/schemas` passes this
 * as its error map, so a form shows a translatable code for a wrong type or an unknown field exactly as the
 * server's 422 does, and no English sentence from zod ever reaches a user. Checks that carry their own code
 * (the rules of `validation.ts`) keep it.
 */
export function issueToCode(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? FieldError.required : FieldError.invalidType;
    case 'unrecognized_keys':
      return FieldError.unknownField;
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array'
        ? ValidationCode.tooLong
        : ValidationCode.tooLarge;
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array') {
        return issue.minimum === 1 ? FieldError.required : FieldError.tooShort;
      }
      return ValidationCode.tooSmall;
    case 'invalid_format':
      return issue.format === 'email' ? FieldError.invalidEmail : FieldError.invalid;
    default:
      return FieldError.invalid;
  }
}

/** The error parameter every schema here is built with (see `issueToCode`). */
export const CODE_ERRORS = { error: issueToCode } as const;

// ---------------------------------------------------------------------------------------------------------
// Scalars.

/** A server id: every id the server makes is a uuid string. */
export const idSchema = z.uuid(CODE_ERRORS);
/** Any text, with coded type errors. */
export const stringSchema = z.string(CODE_ERRORS);
/** Any number, with coded type errors. */
export const numberSchema = z.number(CODE_ERRORS);
/** A whole number, with coded type errors. */
export const integerSchema = z.number(CODE_ERRORS).int(ValidationCode.notInteger);
/** A true/false flag, with coded type errors. */
export const booleanSchema = z.boolean(CODE_ERRORS);
/** A date-time as the server sends it (ISO 8601, in the school's zone). */
export const dateTimeSchema = stringSchema;
/** A date-time a form sends: ISO 8601 with or without an offset (`2025-04-01T09:00`). */
export const dateTimeInputSchema = z.iso.datetime({ local: true, offset: true, ...CODE_ERRORS });
/** An ISO `YYYY-MM-DD` calendar date. */
export const isoDateSchema = z.string().refine(isIsoDate, ValidationCode.invalidDate);
/** A 24-hour `HH:mm` time. */
export const timeSchema = z
  .string()
  .refine((text) => timeToMinutes(text) !== null, ValidationCode.invalidTime);
/** A month as `YYYY-MM` (schedule paths and the shared month of the schedule screens). */
export const monthSchema = stringSchema.regex(/^\d{4}-(0[1-9]|1[0-2])$/, ValidationCode.invalidDate);
/** A required name: trimmed, 1 to `LIMITS.nameMaxLength` characters. */
export const nameSchema = textWithin(LIMITS.nameMaxLength).min(1, ValidationCode.required);
/** An optional comment (attendance, scores, absence reasons): null when left empty. */
export const commentSchema = textWithin(LIMITS.commentMaxLength).nullable();
/** A link a user typed (http or https only, so no `javascript:` link is ever stored). */
export const urlSchema = z
  .url({ protocol: /^https?$/, ...CODE_ERRORS })
  .max(LIMITS.urlMaxLength, ValidationCode.tooLong);

/**
 * A list of ids where each id may appear once (teachers of a schedule, students of a class); `min: 1` makes
 * it required. The default cap of 1000 is far above any class or school list and only stops oversized
 * payloads.
 */
export function idListSchema({ min = 0, max = 1000 }: { min?: number; max?: number } = {}) {
  return z
    .array(idSchema, CODE_ERRORS)
    .min(min, ValidationCode.required)
    .max(max, ValidationCode.tooLong)
    .refine((ids) => new Set(ids).size === ids.length, FieldError.invalid);
}

/** The zod schema of a named-code object, its failures coded `invalid`. */
export function codeOf<const T extends Record<string, string | number>>(codes: T) {
  return codeSchema(codes, FieldError.invalid);
}

// ---------------------------------------------------------------------------------------------------------
// Objects.

/**
 * A strict object for request bodies, query strings and paths: unknown fields are refused as `unknown_field`
 * (ARCHITECTURE §4). Bodies built with it are never coerced; query strings coerce their numbers explicitly.
 */
export function strictObject<const Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape, CODE_ERRORS);
}

/**
 * A refinement that also applies an existing rule schema to the value and reports its issues where they
 * arise: a strict body can then reuse a rule written once for a looser shape (a highlight rule inside a
 * highlight form) instead of copying its checks.
 */
export function alsoValidAs(rule: z.ZodType) {
  return (value: unknown, ctx: z.RefinementCtx): void => {
    const result = rule.safeParse(value);
    if (result.success) return;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  };
}

/** Body of calls that take none: absent, or an empty JSON object; anything else is refused. */
export const emptyBodySchema = z.strictObject({}, CODE_ERRORS).nullish();

/** Path parameters that are all server ids, e.g. `idParams('subjectId', 'lessonId')`. */
export function idParams<const K extends string>(...keys: K[]) {
  // Object.fromEntries loses the key types; the cast restores exactly the keys passed in.
  const shape = Object.fromEntries(keys.map((key) => [key, idSchema])) as Record<K, typeof idSchema>;
  return z.strictObject(shape, CODE_ERRORS);
}

/** A thing shown by its name in a list or a select: `{ id, name }`. */
export const namedRefSchema = z.object({ id: idSchema, name: z.string() });
/** A thing shown by its name. */
export type NamedRef = z.infer<typeof namedRefSchema>;

/** The answer of a write whose result the client already holds (delete, mark read, close). */
export const okResponseSchema = z.object({ ok: z.literal(true) });
/** `{ ok: true }`. */
export type OkResponse = z.infer<typeof okResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Lists and paging.

/** Paging block of list answers (SPEC §3 "meta.pagination"), as the master search sends it. */
export const paginationSchema = z.object({
  count: z.number().int(),
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
});
/** The paging block without links. */
export type Pagination = z.infer<typeof paginationSchema>;

/**
 * `meta.pagination` of list answers (SPEC §3): the paging block plus `links.next`. The sticky list leaves
 * `next` out on the last page (`links: {}`, which its clients read); null is taken as the same.
 */
export const paginationMetaSchema = paginationSchema.extend({
  links: z.object({ next: z.string().nullable().optional() }),
});
/** The paging block of a list answer. */
export type PaginationMeta = z.infer<typeof paginationMetaSchema>;

/** The paging block of one page of `count` rows out of `total`, `perPage` a page (no links). */
export function pagingBlock(count: number, page: number, perPage: number, total: number): Pagination {
  return { count, current_page: page, per_page: perPage, total, total_pages: Math.ceil(total / perPage) };
}

/**
 * The paging block with its links: `next` as the list writes it (each list's form of it is its own, and its
 * clients read that form), null on a list that says "no next page" so, and left out when `next` is not given.
 */
export function pageMeta(
  count: number,
  page: number,
  perPage: number,
  total: number,
  next?: string | null,
): PaginationMeta {
  return { ...pagingBlock(count, page, perPage, total), links: next === undefined ? {} : { next } };
}

/** A paged list answer: `{ data: [...], meta: { pagination } }` (SPEC §3, the sticky list's envelope). */
export function pagedListSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ data: z.array(item), meta: z.object({ pagination: paginationMetaSchema }) });
}

/** A one-key list answer, `{ [key]: [...] }`, for the lists that have no paging. */
export function listOf<const Key extends string, Item extends z.ZodType>(key: Key, item: Item) {
  // A computed key widens to string; the cast restores the one key passed in.
  const shape = { [key]: z.array(item) } as Record<Key, z.ZodArray<Item>>;
  return z.object(shape);
}

// ---------------------------------------------------------------------------------------------------------
// Query strings. They arrive as text, so numbers are coerced; an empty filter means no filter.

/** An optional filter: empty text is no filter (undefined), anything else must pass `schema`. */
export function optionalFilter<S extends z.ZodType>(schema: S) {
  return z.union([z.literal('').transform(() => undefined), schema]).optional();
}

/** An optional id filter of a query string: empty means no filter, anything else must be a uuid. */
export const idFilter = optionalFilter(z.uuid('invalid'));

/** A whole number read from a query string. */
export function queryInteger(min: number, max: number) {
  return z.coerce
    .number(CODE_ERRORS)
    .int(ValidationCode.notInteger)
    .min(min, ValidationCode.tooSmall)
    .max(max, ValidationCode.tooLarge);
}

/** A number (decimals allowed) read from a query string. */
export function queryNumber(min: number, max: number) {
  return z.coerce.number(CODE_ERRORS).min(min, ValidationCode.tooSmall).max(max, ValidationCode.tooLarge);
}

/** A code of a named-code object read from a query string (`?type=2`). */
export function queryCode<const T extends Record<string, number>>(codes: T) {
  return z.coerce.number(CODE_ERRORS).pipe(codeOf(codes));
}

/** A flag read from a query string: `1`/`true` or `0`/`false`. */
export const queryBooleanSchema = z
  .enum(['0', '1', 'true', 'false'], CODE_ERRORS)
  .transform((text) => text === '1' || text === 'true');

/** A list of ids read from a query string, given as repeated keys or one comma-separated value. */
export const queryIdListSchema = z.preprocess(
  (raw) => (typeof raw === 'string' ? raw.split(',').filter((part) => part !== '') : raw),
  idListSchema(),
);

/** Zod schema of a sort direction. */
export const sortTypeSchema = codeOf(SortType);

/** `param`, `page` and `limit`: the paging part of every search (SPEC §3; page 1 and 10 rows by default). */
export const pageQueryShape = {
  param: textWithin(LIMITS.searchParamMaxLength).optional(),
  page: queryInteger(1, Number.MAX_SAFE_INTEGER).default(1),
  limit: queryInteger(1, LIMITS.pageLimitMax).default(LIMITS.pageLimitDefault),
};

/** A query of nothing but paging. */
export const pageQuerySchema = z.strictObject(pageQueryShape, CODE_ERRORS);
/** A parsed paging query. */
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Just `page` (notifications, stickies and other lists that page without searching). */
export const pageOnlyQueryShape = { page: pageQueryShape.page };

/** The id filters shared by the searches of students and subjects (SPEC §3). */
export const schoolFilterShape = {
  university: idFilter,
  yearCode: idFilter,
  faculty: idFilter,
};

/**
 * The filter of the attendance and achievement screens (SPEC §3: university, yearCode, faculty, subject,
 * subjectClass), as `dataFilter` answers and the screen restores it; a level not chosen yet is null.
 */
export const classFilterSchema = z.object({
  university: idSchema.nullable(),
  yearCode: idSchema.nullable(),
  faculty: idSchema.nullable(),
  subject: idSchema.nullable(),
  subjectClass: idSchema.nullable(),
});
/** The attendance and achievement screens' filter. */
export type ClassFilter = z.infer<typeof classFilterSchema>;

/** A student as lists name them: highlight lists, sticky student lists, class rosters (SPEC §3). */
export const studentRefSchema = z.object({ id: idSchema, identity: z.string(), name: z.string() });
/** A student as lists name them. */
export type StudentRef = z.infer<typeof studentRefSchema>;

// ---------------------------------------------------------------------------------------------------------
// The call table.

/** The schemas of one call: path params, query string, JSON body and the success answer. */
export interface CallSchema {
  /**
   * Who may make the call: `public` (no session), `signedIn` (every role) or the roles listed. Declared here,
   * beside the schemas; `CALL_ROLES` of domain/permissions.ts is derived from it.
   */
  roles: CallRule;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

/** Who may make a call: no session needed, any signed-in role, or the listed roles. */
export type CallRule = 'public' | 'signedIn' | readonly AccountRole[];

/** An area's slice of the call table: its calls, keyed `METHOD path`, each with its roles and schemas. */
export type CallSlice = Record<`${'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH'} /${string}`, CallSchema>;
