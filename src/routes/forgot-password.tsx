import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { decidePublicRoute } from '../app/guard';
import { ForgotPasswordScreen } from '../features/auth/password-forms';

export const Route = createFileRoute('/forgot-password')({
  beforeLoad: ({ context }) => {
    if (decidePublicRoute(context.session.getUser()).kind === 'home') throw redirect({ to: '/' });
  },
  component: () => (
    <ForgotPasswordScreen
      loginLink={
        <Link to="/login" className="text-blue-700 underline underline-offset-2">
          <Trans>Back to sign in</Trans>
        </Link>
      }
    />
  ),
});
