import { Trans } from '@lingui/react/macro';
import { Link, type LinkProps } from '@tanstack/react-router';

/** A screen link on the home page, already translated. */
export type HomeLink = { to: NonNullable<LinkProps['to']>; label: string };

/** The home page for now: a greeting and the screens the role may open (later the dashboard). */
export function HomeScreen({ name, links }: { name: string; links: readonly HomeLink[] }) {
  return (
    <section aria-labelledby="home-title" className="max-w-3xl">
      <h1 id="home-title" className="text-2xl font-semibold">
        <Trans>Welcome, {name}</Trans>
      </h1>
      <p className="mt-2 text-slate-600">
        <Trans>Choose a screen to open.</Trans>
      </p>
      {links.length === 0 ? (
        <p className="mt-6 text-slate-600">
          <Trans>There are no screens for your role yet.</Trans>
        </p>
      ) : (
        <ul className="mt-6 grid gap-3 sm:grid-cols-2">
          {links.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="block rounded-lg border border-slate-200 bg-white p-4 font-medium text-blue-900 shadow-sm hover:border-blue-300 hover:bg-blue-50"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
