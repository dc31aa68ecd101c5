/**
 * What logout does first (SPEC §4, issue 4): sign out at once, or ask when local writes that have not
 * reached the server would be lost with the user's local database.
 */
export function logoutDecision(pending: number): { kind: 'sign-out' } | { kind: 'ask'; pending: number } {
  return pending > 0 ? { kind: 'ask', pending } : { kind: 'sign-out' };
}
