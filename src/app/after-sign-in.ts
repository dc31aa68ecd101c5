import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LIMITS } from '../../domain/limits';
import type { StoredUser } from '../../domain/schemas/auth-account';
import { optionalText, searchParser } from '../../domain/search-params';
import { localeOrDefault } from '../i18n/i18n';
import { tellServerLanguage } from './chosen-language';
import { safeRedirect } from './guard';
import { appToasts } from './toasts';

/** Where a user goes after a sign-in step (SPEC §4): forced change, then the code, then the page asked for. */
export type NextStep =
  | { kind: 'change-password'; redirect: string }
  | { kind: 'otp'; redirect: string }
  | { kind: 'done'; href: string };

/**
 * The search of the sign-in screens (login, the code, the forced change): the page first asked for, which
 * `nextSignInStep` checks before going there.
 */
export const signInStepShape = { redirect: optionalText(LIMITS.urlMaxLength) };
export const signInStepSearch = searchParser(signInStepShape);

/** Decides the next step of signing in; the requested page is kept through every step. */
export function nextSignInStep(user: StoredUser, requested: unknown): NextStep {
  const redirect = safeRedirect(requested);
  if (user.must_change_password) return { kind: 'change-password', redirect };
  if (!user.verified_otp) return { kind: 'otp', redirect };
  return { kind: 'done', href: redirect };
}

/**
 * Once every step is done: the welcome toast, and the server learns the language the user reads in (the
 * language of their mail), which they may have chosen on this device before signing in.
 */
export function showWelcome(i18n: I18n, user: StoredUser): void {
  const name = user.name;
  appToasts.show({ tone: 'success', title: i18n._(msg`Welcome, ${name}`) });
  void tellServerLanguage(localeOrDefault(i18n.locale));
}
