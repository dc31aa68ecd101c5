import type { ReactNode } from 'react';
import { cn } from './cn';
import { CONTROL_CLASS, describedBy, FieldShell, useFieldIds } from './field';

/**
 * A labelled date field holding an ISO date (`YYYY-MM-DD`). The platform's date input brings the calendar,
 * keyboard entry and screen-reader support; `min` and `max` bound it (e.g. a subject's period).
 */
export function DatePicker({
  label,
  value,
  onChange,
  min,
  max,
  hint,
  error,
  required,
  disabled,
  name,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  name?: string;
}) {
  const ids = useFieldIds();
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} required={required}>
      <input
        id={ids.control}
        type="date"
        name={name}
        value={value}
        min={min}
        max={max}
        required={required}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        {...describedBy(ids, hint, error)}
        className={cn(CONTROL_CLASS, 'w-44 tabular-nums')}
      />
    </FieldShell>
  );
}
