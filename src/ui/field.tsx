import { type ReactNode, useId } from 'react';

/** The ids that tie a control to its label, hint and error text. */
export type FieldIds = { control: string; hint: string; error: string };

/** Makes the ids of one field. */
export function useFieldIds(): FieldIds {
  const base = useId();
  return { control: `${base}-control`, hint: `${base}-hint`, error: `${base}-error` };
}

/** The `aria-*` attributes a control needs for its hint and error text. */
export function describedBy(ids: FieldIds, hint: ReactNode, error: string | undefined) {
  const described = [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
  } as const;
}

/** Label above, control, then hint and error text read with the control. */
export function FieldShell({
  ids,
  label,
  hint,
  error,
  required,
  children,
}: {
  ids: FieldIds;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    // min-w-0: as a grid or flex item, a field never widens its track to its longest choice or value.
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={ids.control} className="text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={ids.hint} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={ids.error} error={error} />
    </div>
  );
}

/** The error text under a field; empty renders nothing. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="text-sm text-red-700">
      {error}
    </p>
  );
}

/** The look of every text-like control, red when invalid. */
export const CONTROL_CLASS =
  'h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700 disabled:bg-slate-100 aria-invalid:border-red-600';
