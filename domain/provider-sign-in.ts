import { LIMITS } from './limits';
import type { Locale } from './locales';

/**
 * Why a sign-in with the school's identity provider (OpenID Connect) came back to the sign-in screen: the
 * code travels in the redirect's query (`provider_error`) and the sign-in screen words it.
 */
export const ProviderRefusal = {
  /** The server has no provider configured (the button is not shown; an old link or a typed address). */
  notConfigured: 'provider_not_configured',
  /** The provider could not be reached, or answered the code exchange with an error. */
  unavailable: 'provider_unavailable',
  /** The user cancelled at the provider, or the provider refused to sign them in. */
  cancelled: 'provider_cancelled',
  /** The round trip is unknown, used already, expired, or its `state` does not match: start again. */
  attemptInvalid: 'provider_attempt_invalid',
  /** The ID token failed a check (issuer, audience, expiry, signature, nonce). */
  tokenRejected: 'provider_token_rejected',
  /** The provider does not vouch for the e-mail address (`email_verified` is not true). */
  emailUnverified: 'provider_email_unverified',
  /** The address is not of a domain the school accepts. */
  domainRefused: 'provider_domain_refused',
  /** No account here has this address. */
  noAccount: 'provider_no_account',
  /** The account is blocked, removed or deactivated. */
  accountClosed: 'provider_account_closed',
  /** The sign-in limits hold this account or this address for a while. */
  tooMany: 'provider_too_many',
} as const;
export type ProviderRefusal = (typeof ProviderRefusal)[keyof typeof ProviderRefusal];

/** The query key of the refusal on the sign-in screen, and the marker of a finished provider sign-in. */
export const PROVIDER_ERROR_PARAM = 'provider_error';
export const PROVIDER_DONE_PARAM = 'provider';
export const PROVIDER_DONE_VALUE = 'signed_in';

export function isProviderRefusal(value: unknown): value is ProviderRefusal {
  return typeof value === 'string' && (Object.values(ProviderRefusal) as string[]).includes(value);
}

/** The button's label in each language. */
export type ProviderLabels = Record<Locale, string>;

/** The origin a path is resolved against to check it stays on this site (never contacted). */
const CHECK_ORIGIN = 'https://app.invalid';

/**
 * The page first asked for, carried through the round trip (`GET /api/auth/provider/start?redirect=`) to the
 * end of the sign-in: a path of the app as the sign-in screen's `redirect` holds it (under the app's base,
 * which the app's router adds), or null. Anything a browser could read as another site is refused: a
 * scheme, `//host`, a backslash, control characters or spaces (a browser drops tabs and newlines, turning
 * `/\t/host` into `//host`), and dot segments that climb out of the app's base.
 */
export function returnPathOf(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > LIMITS.urlMaxLength) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is refused.
  if (/[\u0000-\u0020\u007f-\u009f]/.test(raw)) return null;
  const path = raw.split(/[?#]/, 1)[0] ?? '';
  if (path.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment))) return null;
  let resolved: URL;
  try {
    resolved = new URL(raw, CHECK_ORIGIN);
  } catch {
    return null;
  }
  if (resolved.origin !== CHECK_ORIGIN) return null;
  // The sign-in screen itself is no page to come back to.
  if (resolved.pathname === '/login') return null;
  return raw;
}
