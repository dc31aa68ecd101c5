import { z } from 'zod';

/** The value union of a named-code object (`typeof RequestStatus` → `-1 | 0 | 1 | 2`). */
export type CodeOf<T extends Record<string, string | number>> = T[keyof T];

/** Every value of a named-code object, in declaration order. */
export function codeValues<const T extends Record<string, string | number>>(codes: T): CodeOf<T>[] {
  // Object.values loses the literal types; the cast restores exactly the values the object declares.
  return Object.values(codes) as CodeOf<T>[];
}

/**
 * The zod schema accepting exactly the values of a named-code object, so every code list of SPEC §3/§9 is
 * validated at the edges from the one place that names it.
 */
export function codeSchema<const T extends Record<string, string | number>>(codes: T, message = 'invalid') {
  return z.literal(codeValues(codes), message);
}

/** Whether an unknown value is one of the codes of a named-code object. */
export function isCode<const T extends Record<string, string | number>>(
  codes: T,
  value: unknown,
): value is CodeOf<T> {
  return (codeValues(codes) as unknown[]).includes(value);
}
