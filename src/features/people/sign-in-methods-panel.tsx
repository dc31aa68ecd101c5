import { Trans, useLingui } from '@lingui/react/macro';
import { Role } from '../../../domain/roles';
import { useSessionUser } from '../../app/session-context';
import { formatDate } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { useCallView } from '../shared/use-call-view';
import { ViewNotices } from './staff-parts';

/** How an account signs in, read online (`GET /api/users/{id}/sign-in-methods`), kept to show offline "as of". */
function useSignInMethods(userId: string) {
  return useCallView(`users/${userId}/sign-in-methods`, 'GET /api/users/:userId/sign-in-methods', {
    params: { userId },
  });
}

/**
 * The person's sign-in methods, for admins on the person's screen (issue 44): the password, the latest
 * sign-in, the school's identity provider account it signed in with, and its passkeys. Others see nothing of it.
 */
export function SignInMethodsPanel({ userId }: { userId: string }) {
  const viewer = useSessionUser();
  if (viewer?.role !== Role.admin) return null;
  return <SignInMethods userId={userId} />;
}

function SignInMethods({ userId }: { userId: string }) {
  const { i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const view = useSignInMethods(userId);
  const methods = view.value;
  const lastSignIn = methods?.last_sign_in_at
    ? formatDate(methods.last_sign_in_at, locale, 'dateTime')
    : null;
  const provider = methods?.provider;
  const providerEmail = provider?.email;
  const providerLast = provider ? formatDate(provider.last_sign_in_at, locale, 'dateTime') : '';
  const passkeyCount = methods?.passkeys.count ?? 0;
  const passkeysLast = methods?.passkeys.last_used_at
    ? formatDate(methods.passkeys.last_used_at, locale, 'dateTime')
    : null;
  return (
    <section aria-labelledby="sign-in-methods-title" className="flex flex-col gap-2">
      <h2 id="sign-in-methods-title" className="text-lg font-medium">
        <Trans>Sign-in methods</Trans>
      </h2>
      <ViewNotices view={view} />
      {methods && (
        <ul className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4 text-sm">
          <li>
            {methods.must_change_password ? (
              <Trans>Password: not chosen yet</Trans>
            ) : (
              <Trans>Password: set</Trans>
            )}
          </li>
          <li>
            {lastSignIn ? <Trans>Last sign-in: {lastSignIn}</Trans> : <Trans>Last sign-in: never</Trans>}
          </li>
          <li className="break-all">
            {provider ? (
              <Trans>
                School account: {providerEmail}, last used {providerLast}
              </Trans>
            ) : (
              <Trans>School account: never used</Trans>
            )}
          </li>
          <li>
            {passkeysLast ? (
              <Trans>
                Passkeys: {passkeyCount}, last used {passkeysLast}
              </Trans>
            ) : (
              <Trans>Passkeys: {passkeyCount}</Trans>
            )}
          </li>
        </ul>
      )}
    </section>
  );
}
