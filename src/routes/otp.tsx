import { useLingui } from '@lingui/react/macro';
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { LoginResponse } from '../../domain/schemas/auth-account';
import { nextSignInStep, showWelcome, signInStepSearch } from '../app/after-sign-in';
import { useSessionStore } from '../app/session-context';
import { signOut } from '../app/sign-out';
import { markOtpSent } from '../features/auth/otp-countdown';
import { OtpScreen } from '../features/auth/otp-screen';
import { PasskeyStep } from '../features/auth/passkey-step';

// SPEC §2: the code comes after a forced password change and before every signed-in screen.
export const Route = createFileRoute('/otp')({
  validateSearch: signInStepSearch,
  beforeLoad: ({ context, search }) => {
    const user = context.session.getUser();
    if (!user) throw redirect({ to: '/login' });
    const step = nextSignInStep(user, search.redirect);
    if (step.kind === 'change-password')
      throw redirect({ to: '/change-password', search: { redirect: step.redirect } });
    if (step.kind === 'done') throw redirect({ href: step.href, replace: true });
  },
  component: OtpRoute,
});

function OtpRoute() {
  const { redirect: requested } = Route.useSearch();
  const session = useSessionStore();
  const router = useRouter();
  const { i18n } = useLingui();
  // An account with a passkey is asked for it first (issue 44); "send me a code instead" turns to the code.
  const [passkeyFirst, setPasskeyFirst] = useState(() => session.getUser()?.passkey_step === true);
  // What the signed-in start needs that names no user loads while the user reads the code or answers the
  // passkey: the sync worker's script was the longest step between the code and the first screen.
  useEffect(() => {
    void import('../app/signed-in-start').then(({ prepareSignedInStart }) => prepareSignedInStart());
  }, []);
  const onSignOut = () => void signOut(session.getUser()?.id);
  const onVerified = (user: LoginResponse) => {
    session.setUser(user);
    showWelcome(i18n, user);
    const step = nextSignInStep(user, requested);
    void router.navigate({ href: step.kind === 'done' ? step.href : '/', replace: true });
  };
  if (passkeyFirst)
    return (
      <PasskeyStep
        onSignOut={onSignOut}
        onVerified={onVerified}
        onCodeSent={() => {
          markOtpSent(sessionStorage, Date.now());
          setPasskeyFirst(false);
        }}
      />
    );
  return <OtpScreen onSignOut={onSignOut} onVerified={onVerified} />;
}
