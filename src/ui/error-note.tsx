import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { errorMessage } from '../i18n/error-messages';

/** A failure said beside the form or list it concerns, read out by screen readers as soon as it shows. */
export function ErrorNote({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="text-sm text-red-700">
      {children}
    </p>
  );
}

/** The failure of error code `code` in the user's language (`errorMessage`), or nothing without one. */
export function CodedErrorNote({ code }: { code: string | null | undefined }) {
  const { i18n } = useLingui();
  return code ? <ErrorNote>{errorMessage(i18n, code)}</ErrorNote> : null;
}
