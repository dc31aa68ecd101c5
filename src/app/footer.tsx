import { Trans } from '@lingui/react/macro';

/**
 * Where feedback goes: set `VITE_FEEDBACK_URL` at build time (a form's address, or `mailto:` with the
 * school's address). Without it the footer offers no feedback link: a `mailto:` with no address opened an
 * empty mail a user could not send anywhere (issue 42).
 */
const FEEDBACK_URL: string | undefined = import.meta.env.VITE_FEEDBACK_URL || undefined;

/** The platform credited in the footer; `VITE_PLATFORM_NAME` at build time. */
const PLATFORM_NAME: string = import.meta.env.VITE_PLATFORM_NAME || 'School Admin';

/**
 * The footer of SPEC §1-2: credits the platform provider and links to the feedback page when the build names
 * one (`feedbackUrl`, by default `VITE_FEEDBACK_URL`).
 */
export function Footer({ feedbackUrl = FEEDBACK_URL }: { feedbackUrl?: string }) {
  const year = new Date().getFullYear();
  const platform = PLATFORM_NAME;
  return (
    <footer className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 text-xs text-slate-600 md:px-6 print:hidden">
      <p>
        <Trans>
          © {year} Powered by {platform}
        </Trans>
      </p>
      {feedbackUrl && (
        <a
          href={feedbackUrl}
          target="_blank"
          rel="noreferrer"
          className="text-blue-800 underline underline-offset-2 hover:text-blue-950"
        >
          <Trans>Send feedback</Trans>
        </a>
      )}
    </footer>
  );
}
