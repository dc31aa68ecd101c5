import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { FieldError } from '../../domain/errors';
import { ValidationCode } from '../../domain/validation-codes';

type Issue = z.core.$ZodIssue;

// The SPEC §5 codes (password strength, confirmation...) pass through as written, so the form shows them.
const FIELD_ERROR_CODES = new Set<string>([...Object.values(FieldError), ...Object.values(ValidationCode)]);

/** A request part (body, query, params) that failed its zod schema, with one list of codes per field. */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  readonly statusCode = 422;
  readonly code = 'validation_failed';

  constructor(readonly fields: Record<string, string[]>) {
    super('Validation failed');
  }
}

/**
 * Validates with the route's zod schema as it is written: the schemas in `domain/` are strict and never
 * coerce, so wrong types and unknown fields are refused (Fastify's Ajv defaults would coerce and strip).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    // PostgreSQL text cannot hold a NUL byte: refused here for every route, before a write could fail (ARCHITECTURE §4).
    const withNul = nulFields(data, []);
    if (withNul.length > 0) {
      const part = httpPart ?? 'body';
      return {
        error: new RequestValidationError(
          Object.fromEntries(withNul.map((field) => [field || part, [FieldError.invalid]])),
        ),
      };
    }
    // reportInput lets a missing field read as `required` rather than a type error.
    const result = safeParseOrRefuse(schema, data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(fieldErrors(result.error.issues, httpPart ?? 'body')) };
  };

/**
 * Parses with the schema; a refinement that throws on a shape it did not expect (a check reading a field of
 * `null`) refuses the part as invalid instead of answering 500: whatever made it throw came from the client.
 */
function safeParseOrRefuse(schema: z.ZodType, data: unknown): ReturnType<z.ZodType['safeParse']> {
  try {
    return schema.safeParse(data, { reportInput: true });
  } catch {
    return {
      success: false,
      error: { issues: [{ code: 'custom', path: [], message: FieldError.invalid, input: data }] },
    } as unknown as ReturnType<z.ZodType['safeParse']>;
  }
}

/** The paths (`rooms.3.name`) of the strings holding a NUL byte anywhere in a request part. */
function nulFields(value: unknown, path: readonly string[]): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [path.join('.')] : [];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => nulFields(item, [...path, key]));
}

/** Groups zod issues into `{ field: [code] }`; issues on the whole part are filed under the part's name. */
export function fieldErrors(issues: readonly Issue[], partName: string): Record<string, string[]> {
  // Keyed by the client's field names: a Map, so `constructor` or `toString` is a field like any other.
  const fields = new Map<string, string[]>();
  const add = (field: string, code: string) => {
    const codes = fields.get(field) ?? [];
    if (!codes.includes(code)) codes.push(code);
    fields.set(field, codes);
  };
  for (const issue of issues) {
    const prefix = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(prefix ? `${prefix}.${key}` : key, FieldError.unknownField);
      continue;
    }
    add(prefix || partName, issueCode(issue));
  }
  return Object.fromEntries(fields);
}

function issueCode(issue: Issue): string {
  // A missing field is `required` even where the schema's single message (`z.uuid('invalid')`) says otherwise.
  if (issue.code === 'invalid_type' && issue.input === undefined) return FieldError.required;
  // Domain schemas write the code as the message (`min(1, 'required')`); anything else is mapped by kind.
  if (FIELD_ERROR_CODES.has(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return FieldError.invalidType;
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' ? FieldError.tooLong : FieldError.invalid;
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array' ? FieldError.tooShort : FieldError.invalid;
    case 'invalid_format':
      return issue.format === 'email' ? FieldError.invalidEmail : FieldError.invalid;
    default:
      return FieldError.invalid;
  }
}
