import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';
import { CONTROL_CLASS, describedBy, FieldShell, useFieldIds } from './field';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
};

/** A labelled text input with hint and error text (spread react-hook-form's `register` into it). */
export function TextField({ label, hint, error, className, required, ...props }: TextFieldProps) {
  const ids = useFieldIds();
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} required={required}>
      <input
        id={ids.control}
        required={required}
        {...describedBy(ids, hint, error)}
        className={cn(CONTROL_CLASS, className)}
        {...props}
      />
    </FieldShell>
  );
}

/** A labelled number input; decimals are typed with the keyboard's decimal key. */
export function NumberField({ label, hint, error, className, required, ...props }: TextFieldProps) {
  const ids = useFieldIds();
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} required={required}>
      <input
        id={ids.control}
        type="number"
        inputMode="decimal"
        required={required}
        {...describedBy(ids, hint, error)}
        className={cn(CONTROL_CLASS, 'tabular-nums', className)}
        {...props}
      />
    </FieldShell>
  );
}

type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
};

/** A labelled multi-line text input with hint and error text. */
export function TextAreaField({ label, hint, error, className, required, ...props }: TextAreaFieldProps) {
  const ids = useFieldIds();
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} required={required}>
      <textarea
        id={ids.control}
        rows={5}
        required={required}
        {...describedBy(ids, hint, error)}
        className={cn(CONTROL_CLASS, 'h-auto py-2', className)}
        {...props}
      />
    </FieldShell>
  );
}
