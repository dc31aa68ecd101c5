/**
 * The first code of each top-level field of a failed parse with a call's own schema, for a form's fields
 * (an issue with no path is the form's own: `form`).
 */
export function issueErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return errors;
}

/** The first code of each field of a failed call, for the form's fields. */
export function fieldErrors(errors: Readonly<Record<string, readonly string[]>> | undefined) {
  return Object.fromEntries(Object.entries(errors ?? {}).map(([field, codes]) => [field, codes[0] ?? '']));
}
