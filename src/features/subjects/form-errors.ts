import type { z } from 'zod';
import type { CallFailure } from '../../api/call-api';

/** Field codes of a form, keyed by dotted path (`classes.0.class_name_id`), as the server keys them. */
export type FormErrors = Record<string, string>;

/** The first code of each field of a zod failure. */
export function zodErrors(error: z.ZodError): FormErrors {
  const codes: FormErrors = {};
  for (const issue of error.issues) codes[issue.path.join('.') || 'form'] ??= issue.message;
  return codes;
}

/** The first code of each field of a call failure; the call's own code under `form` when no field is named. */
export function failureErrors(failure: CallFailure): FormErrors {
  const codes: FormErrors = {};
  for (const [field, list] of Object.entries(failure.errors ?? {})) {
    const [first] = list;
    if (first) codes[field] = first;
  }
  if (Object.keys(codes).length === 0) codes.form = failure.code;
  return codes;
}

/** The detail a server code carries after it (the clashing sitting of `room_busy`), if any. */
export function failureDetail(failure: CallFailure, field: string): string | undefined {
  return failure.errors?.[field]?.[1];
}
