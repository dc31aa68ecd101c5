import { Trans } from '@lingui/react/macro';

/**
 * Where feedback goes: set `VITE_FEEDBACK_URL` at build time. Without it the link opens a new mail with a
 * subject, so it works everywhere without naming an address this code cannot know.
 */
const FEEDBACK_URL: string = import.meta.env.VITE_FEEDBACK_URL || 'mailto:?subject=School%20Admin%20feedback';

/** The platform credited in the footer; `VITE_PLATFORM_NAME` at build time. */
const PLATFORM_NAME: string = import.meta.env.VITE_PLATFORM_NAME || 'School Admin';

/** The footer of SPEC §1-2: credits the platform provider and links to the feedback page. */
export function Footer() {
  const year = new Date().getFullYear();
  const platform = PLATFORM_NAME;
  return (
    <footer className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 text-xs text-slate-600 md:px-6">
      <p>
        <Trans>
          © {year} Powered by {platform}
        </Trans>
      </p>
      <a
        href={FEEDBACK_URL}
        target="_blank"
        rel="noreferrer"
        className="text-blue-800 underline underline-offset-2 hover:text-blue-950"
      >
        <Trans>Send feedback</Trans>
      </a>
    </footer>
  );
}
