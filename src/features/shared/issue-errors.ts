/**
 * The first code of each top-level field of a failed parse with a call's own schema, for a form's fields
 * (an issue with no path is the form's own: `form`).
 */
export function issueErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return errors;
}
