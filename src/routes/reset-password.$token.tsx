import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { decidePublicRoute } from '../app/guard';
import { ResetPasswordScreen } from '../features/auth/password-forms';

// A public route of SPEC §2: a signed-in user is sent away from it.
export const Route = createFileRoute('/reset-password/$token')({
  beforeLoad: ({ context }) => {
    if (decidePublicRoute(context.session.getUser()).kind === 'home') throw redirect({ to: '/' });
  },
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useParams();
  return (
    <ResetPasswordScreen
      token={token}
      loginLink={
        <Link to="/login" className="text-blue-700 underline underline-offset-2">
          <Trans>Back to sign in</Trans>
        </Link>
      }
    />
  );
}
