// The search parameters of the app's URLs. Every route file declares its search here, and route files load
// with the app's first script: the sign-in page's. So these readers are plain functions, not zod schemas,
// and zod loads only with the first screen or call that needs it. Each reader keeps the behaviour its zod
// schema had (`z.coerce.number().int().min(1).catch(1)` and so on): a hand-edited link still opens, with the
// malformed parameter dropped or set to its default.

/** Reads one search parameter from whatever the URL held: its value, or what stands in for a bad one. */
export type SearchField<T> = (raw: unknown) => T;

/** The fields of a route's search, by parameter name. */
export type SearchShape = Record<string, SearchField<unknown>>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** A parsed search: parameters that may be undefined are optional keys, the others always present. */
export type SearchOf<S extends SearchShape> = Simplify<
  { [K in keyof S as undefined extends ReturnType<S[K]> ? never : K]: ReturnType<S[K]> } & {
    [K in keyof S as undefined extends ReturnType<S[K]> ? K : never]?: ReturnType<S[K]>;
  }
>;

/** What a link may give: any parameter may be left out (it then takes its default). */
export type SearchInputOf<S extends SearchShape> = Simplify<{ [K in keyof S]?: ReturnType<S[K]> }>;

/**
 * A route's search validator. It speaks Standard Schema (`~standard`), which the router reads for the types of
 * links and of `useSearch`; `parse` is the same reading for direct callers.
 */
export interface SearchParser<S extends SearchShape> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'school-admin';
    validate(value: unknown): { value: SearchOf<S> };
    readonly types?: { readonly input: SearchInputOf<S>; readonly output: SearchOf<S> };
  };
  parse(value: unknown): SearchOf<S>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The search validator of a shape. Like a zod object it keeps only the named parameters; one the URL did not
 * have is left out unless its reader gives it a default.
 */
export function searchParser<const S extends SearchShape>(shape: S): SearchParser<S> {
  const parse = (value: unknown): SearchOf<S> => {
    const input = isRecord(value) ? value : {};
    const search: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(shape)) {
      const field = read(input[key]);
      if (field !== undefined || key in input) search[key] = field;
    }
    // The loop sets exactly the keys of the shape, each to its reader's result.
    return search as SearchOf<S>;
  };
  return {
    '~standard': { version: 1, vendor: 'school-admin', validate: (value) => ({ value: parse(value) }) },
    parse,
  };
}

/** Text of at most `max` characters, or undefined. */
export function optionalText(max: number): SearchField<string | undefined> {
  return (raw) => (typeof raw === 'string' && raw.length <= max ? raw : undefined);
}

/** Any text, or '' when absent or not text. */
export function textOrEmpty(): SearchField<string> {
  return (raw) => (typeof raw === 'string' ? raw : '');
}

/** One of `values`, or undefined. */
export function optionalOneOf<const T extends string>(values: readonly T[]): SearchField<T | undefined> {
  return (raw) => values.find((value) => value === raw);
}

/** One of `values`, or `fallback`. */
export function oneOfOr<const T extends string>(values: readonly T[], fallback: T): SearchField<T> {
  return (raw) => values.find((value) => value === raw) ?? fallback;
}

/** A whole number from `min` to `max` read like `Number(raw)` (`'3'`, `3`), or undefined. */
export function optionalInteger(min: number, max = Number.MAX_SAFE_INTEGER): SearchField<number | undefined> {
  return (raw) => {
    const number = Number(raw);
    return Number.isSafeInteger(number) && number >= min && number <= max ? number : undefined;
  };
}

/** A whole number of at least `min`, or `fallback` when absent or unreadable (a page number). */
export function integerOr(min: number, fallback: number): SearchField<number> {
  const read = optionalInteger(min);
  return (raw) => read(raw) ?? fallback;
}

/** `field` when the parameter is given; left out when it is absent. */
export function optional<T>(field: SearchField<T>): SearchField<T | undefined> {
  return (raw) => (raw === undefined ? undefined : field(raw));
}

/** A flag given as `true`/`false` (the URL's JSON), or `false`. */
export function flagOrFalse(): SearchField<boolean> {
  return (raw) => (typeof raw === 'boolean' ? raw : false);
}

/** A value that passes `accepts`, else undefined (a date that must be a real calendar date). */
export function optionalTextWhere(accepts: (text: string) => boolean): SearchField<string | undefined> {
  return (raw) => (typeof raw === 'string' && accepts(raw) ? raw : undefined);
}

/** Sort direction of the searches (`sortType`). */
export const SortType = { asc: 'asc', desc: 'desc' } as const;
export type SortType = (typeof SortType)[keyof typeof SortType];
