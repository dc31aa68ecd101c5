import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';
import { cn } from './cn';

/**
 * A file choice drawn as one of our buttons with the chosen file's name beside it, in the viewer's language.
 * The browser's own control shows "Choose File / No file chosen" in the browser's language whatever the app's
 * is, and its width is fixed, which pushed a phone's page sideways. The input itself stays in the page
 * (visually hidden), so the keyboard, screen readers and automation use it as before.
 */
export function FilePicker({
  label,
  hint,
  accept,
  disabled = false,
  onPick,
}: {
  label: ReactNode;
  hint?: ReactNode;
  accept: string;
  disabled?: boolean;
  onPick: (file: File | undefined) => void;
}) {
  const { t } = useLingui();
  const ids = useId();
  const [fileName, setFileName] = useState<string | null>(null);
  const labelId = `${ids}-label`;
  const hintId = `${ids}-hint`;
  const nameId = `${ids}-name`;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span id={labelId} className="text-sm font-medium">
        {label}
      </span>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <label
          className={cn(
            'inline-flex min-h-10 shrink-0 cursor-pointer items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 hover:bg-slate-100',
            'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-blue-700',
            disabled && 'cursor-not-allowed opacity-60',
          )}
        >
          {t`Choose a file`}
          <input
            type="file"
            accept={accept}
            disabled={disabled}
            aria-labelledby={labelId}
            aria-describedby={[hint ? hintId : null, nameId].filter(Boolean).join(' ')}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              setFileName(file?.name ?? null);
              onPick(file);
            }}
          />
        </label>
        <span id={nameId} className="min-w-0 text-sm break-all text-slate-600">
          {fileName ?? t`No file chosen`}
        </span>
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}
