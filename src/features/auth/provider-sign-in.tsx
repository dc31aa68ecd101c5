import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { localeOrDefault } from '../../../domain/locales';
import { PROVIDER_DONE_VALUE, ProviderRefusal } from '../../../domain/provider-sign-in';
import type { LoginResponse } from '../../../domain/schemas/auth-account';
import type { ProviderInfo } from '../../../domain/schemas/auth-provider';
import { optionalOneOf } from '../../../domain/search-params';

/** Where the button sends the whole page: the server redirects it on to the school's identity provider. */
const START_URL = '/api/auth/provider/start';

/** The sign-in screen's search keys a provider round trip comes back with (`server/modules/auth/oidc-routes.ts`). */
export const providerSearch = {
  provider: optionalOneOf([PROVIDER_DONE_VALUE]),
  provider_error: optionalOneOf(Object.values(ProviderRefusal)),
};

/** Why a provider sign-in came back, in the user's words. */
const REFUSAL_MESSAGES: Record<ProviderRefusal, MessageDescriptor> = {
  [ProviderRefusal.notConfigured]: msg`Sign-in with the school account is not set up on this server.`,
  [ProviderRefusal.unavailable]: msg`The school's sign-in service could not be reached. Please try again later.`,
  [ProviderRefusal.cancelled]: msg`The sign-in with the school account was cancelled.`,
  [ProviderRefusal.attemptInvalid]: msg`That sign-in took too long or was already used. Please start again.`,
  [ProviderRefusal.tokenRejected]: msg`The answer of the school's sign-in service could not be trusted. Please start again.`,
  [ProviderRefusal.emailUnverified]: msg`The school account's email address is not verified, so it cannot sign in here.`,
  [ProviderRefusal.domainRefused]: msg`This school account's email domain is not accepted here. Sign in with your school account.`,
  [ProviderRefusal.noAccount]: msg`No account here has this school account's email address. Ask an administrator.`,
  [ProviderRefusal.accountClosed]: msg`This account cannot sign in. Ask an administrator.`,
  [ProviderRefusal.tooMany]: msg`Too many sign-ins for this account. Please wait a little and try again.`,
};

/** The call, loaded after the first paint (the sign-in page paints without the API client). */
async function callProvider(): Promise<ProviderInfo | null> {
  const { callApi } = await import('../../api/call-api');
  const result = await callApi('GET /api/auth/provider');
  return result.ok ? result.value : null;
}

/**
 * Whether this page's return from the provider (`?provider=signed_in`) was taken up already. Once per page,
 * not per mount: the server's redirect back loads the page afresh, and while it signs in the sign-in screen
 * mounts a second time with the marker still in its address (setting the user wraps the whole router in the
 * signed-in providers, `UserData` in src/app/app.tsx, a new parent that remounts it). Kept in the mount, the
 * second one finished the sign-in again: two welcomes.
 */
let providerReturnTaken = false;

async function callMe(): Promise<LoginResponse | null> {
  const { callApi } = await import('../../api/call-api');
  const result = await callApi('GET /api/me');
  return result.ok ? result.value : null;
}

/**
 * Sign-in with the school's identity provider, under the password form: its button (shown only when the
 * server has a provider), the reason a round trip came back refused, and the end of one that succeeded (the
 * session cookie is set; the user is read once and the sign-in goes on as after a password).
 */
export function ProviderSignIn({
  done,
  refusal,
  redirect,
  onSignedIn,
}: {
  done: boolean;
  refusal: ProviderRefusal | undefined;
  /** The page first asked for: the server keeps it through the round trip and the sign-in ends there. */
  redirect?: string | undefined;
  onSignedIn: (user: LoginResponse) => void;
}) {
  const { t, i18n } = useLingui();
  const [info, setInfo] = useState<ProviderInfo | null>(null);
  const [lostSession, setLostSession] = useState(false);

  useEffect(() => {
    let live = true;
    void callProvider()
      .then((answer) => live && setInfo(answer))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!done || providerReturnTaken) return;
    providerReturnTaken = true;
    // Not cancelled by an unmount: the sign-in screen may remount before the answer, which still ends it.
    void callMe()
      .then((user) => (user ? onSignedIn(user) : setLostSession(true)))
      .catch(() => setLostSession(true));
  }, [done, onSignedIn]);

  const message = refusal
    ? i18n._(REFUSAL_MESSAGES[refusal])
    : lostSession
      ? t`Could not reach the server. Check your connection and try again.`
      : null;
  const label = info?.enabled ? info.labels[localeOrDefault(i18n.locale)] : null;

  return (
    <div className="mt-6 flex flex-col gap-3">
      {message && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {message}
        </p>
      )}
      {done && !lostSession && (
        <p role="status" className="text-center text-sm text-slate-600">
          <Trans>Signing in…</Trans>
        </p>
      )}
      {label && (
        <>
          <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-200" />
            <Trans>or</Trans>
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          {/* A full-page navigation, not a popup: a phone's installed app follows it and comes back. */}
          <a
            href={redirect ? `${START_URL}?${new URLSearchParams({ redirect })}` : START_URL}
            className="rounded-md border border-slate-300 px-4 py-2 text-center font-medium text-slate-800 hover:bg-slate-50"
          >
            {label}
          </a>
        </>
      )}
    </div>
  );
}
