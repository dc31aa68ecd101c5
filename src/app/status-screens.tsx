import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/** The 403 screen of the guard: the signed-in role may not open this page. */
export function ForbiddenScreen() {
  return (
    <section aria-labelledby="forbidden-title" className="mx-auto max-w-lg py-16 text-center">
      <p className="text-5xl font-bold text-slate-500">403</p>
      <h1 id="forbidden-title" className="mt-4 text-xl font-semibold">
        <Trans>You do not have access to this page</Trans>
      </h1>
      <p className="mt-2 text-slate-600">
        <Trans>Your role cannot open this page. Ask an administrator if you think this is a mistake.</Trans>
      </p>
    </section>
  );
}

/** The screen for an address the app does not know. */
export function NotFoundScreen() {
  return (
    <section aria-labelledby="not-found-title" className="mx-auto max-w-lg py-16 text-center">
      <p className="text-5xl font-bold text-slate-500">404</p>
      <h1 id="not-found-title" className="mt-4 text-xl font-semibold">
        <Trans>Page not found</Trans>
      </h1>
      <p className="mt-4">
        <Link to="/" className="text-blue-700 underline underline-offset-2 hover:text-blue-900">
          <Trans>Back to home</Trans>
        </Link>
      </p>
    </section>
  );
}
