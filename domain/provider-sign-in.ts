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
