import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { nextSignInStep, showWelcome, signInStepSearch } from '../app/after-sign-in';
import { goToSignInStep } from '../app/screen-first-navigation';
import { useSessionStore } from '../app/session-context';
import { appToasts } from '../app/toasts';
import { ForceChangePasswordScreen } from '../features/auth/password-forms';

// The forced change of SPEC §2; the voluntary change lives on the profile.
export const Route = createFileRoute('/change-password')({
  validateSearch: signInStepSearch,
  beforeLoad: ({ context, search }) => {
    const user = context.session.getUser();
    if (!user) throw redirect({ to: '/login' });
    if (!user.must_change_password)
      throw redirect({
        href: nextSignInStep(user, search.redirect).kind === 'otp' ? '/otp' : '/',
        replace: true,
      });
  },
  component: ChangePasswordRoute,
});

function ChangePasswordRoute() {
  const { redirect: requested } = Route.useSearch();
  const session = useSessionStore();
  const router = useRouter();
  const { i18n } = useLingui();
  return (
    <ForceChangePasswordScreen
      onChanged={async (user) => {
        session.setUser(user);
        appToasts.show({ tone: 'success', title: i18n._(msg`Your password was updated.`) });
        const step = nextSignInStep(user, requested);
        if (step.kind === 'otp') {
          await goToSignInStep(router, '/otp', { redirect: step.redirect });
          return;
        }
        showWelcome(i18n, user);
        void router.navigate({ href: step.kind === 'done' ? step.href : '/', replace: true });
      }}
    />
  );
}
