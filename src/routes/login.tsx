import { useLingui } from '@lingui/react/macro';
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { useCallback, useLayoutEffect, useState } from 'react';
import type { LoginResponse } from '../../domain/schemas/auth-account';
import { searchParser } from '../../domain/search-params';
import { nextSignInStep, showWelcome, signInStepShape } from '../app/after-sign-in';
import { decidePublicRoute } from '../app/guard';
import { LanguageSwitch } from '../app/language-switch';
import { removePrerenderedSignIn } from '../app/prerendered-sign-in';
import { goToSignInStep } from '../app/screen-first-navigation';
import { useSessionStore } from '../app/session-context';
import { forgetSessionEnded, readSessionEnded } from '../app/session-ended';
import { LoginScreen } from '../features/auth/login-screen';
import { markOtpSent } from '../features/auth/otp-countdown';
import { ProviderSignIn, providerSearch } from '../features/auth/provider-sign-in';
import { activateLocale, rememberedLocale } from '../i18n/i18n';

export const Route = createFileRoute('/login')({
  // The page first asked for, and how a round trip through the school's identity provider came back.
  validateSearch: searchParser({ ...signInStepShape, ...providerSearch }),
  beforeLoad: ({ context }) => {
    if (decidePublicRoute(context.session.getUser()).kind === 'home') throw redirect({ to: '/' });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect: requested, provider, provider_error: providerRefusal } = Route.useSearch();
  const session = useSessionStore();
  const router = useRouter();
  const { i18n } = useLingui();
  const [sessionEnded] = useState(() => readSessionEnded(sessionStorage));
  // The copy index.html painted first leaves in the commit that shows this screen, before the next paint.
  useLayoutEffect(removePrerenderedSignIn, []);
  const signedIn = useCallback(
    async (user: LoginResponse) => {
      forgetSessionEnded(sessionStorage);
      // The user's own language (or this device's last choice) before the first signed-in screen.
      await activateLocale(rememberedLocale(localStorage, user.id), user.id);
      session.setUser(user);
      const step = nextSignInStep(user, requested);
      if (step.kind === 'change-password') {
        if (!user.verified_otp) markOtpSent(sessionStorage, Date.now());
        await goToSignInStep(router, '/change-password', { redirect: step.redirect });
        return;
      }
      if (step.kind === 'otp') {
        markOtpSent(sessionStorage, Date.now());
        await goToSignInStep(router, '/otp', { redirect: step.redirect });
        return;
      }
      showWelcome(i18n, user);
      void router.navigate({ href: step.href, replace: true });
    },
    [session, router, i18n, requested],
  );
  return (
    <div className="relative">
      <div className="absolute top-4 right-4">
        <LanguageSwitch />
      </div>
      <LoginScreen sessionEnded={sessionEnded} onSignedIn={signedIn}>
        <ProviderSignIn
          done={provider !== undefined}
          refusal={providerRefusal}
          redirect={requested}
          onSignedIn={signedIn}
        />
      </LoginScreen>
    </div>
  );
}
