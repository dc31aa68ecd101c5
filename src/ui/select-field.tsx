import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';
import { CONTROL_CLASS, describedBy, FieldShell, useFieldIds } from './field';

/** One choice of a select. */
export type SelectOption = { value: string; label: string; disabled?: boolean };

/**
 * A labelled select. The platform's own select keeps keyboard use, type-ahead and screen-reader support
 * on every phone without re-implementing them.
 */
export function SelectField({
  label,
  hint,
  error,
  options,
  placeholder,
  className,
  required,
  ...props
}: Omit<ComponentProps<'select'>, 'id' | 'children'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  options: readonly SelectOption[];
  placeholder?: string;
}) {
  const ids = useFieldIds();
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} required={required}>
      <select
        id={ids.control}
        required={required}
        {...describedBy(ids, hint, error)}
        // A select is as wide as its longest choice unless told otherwise: a long university name must not
        // push a phone's page sideways.
        className={cn(CONTROL_CLASS, 'min-w-0 max-w-full pr-8', className)}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
