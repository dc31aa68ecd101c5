import { Checkbox } from 'radix-ui';
import type { ReactNode } from 'react';
import { describedBy, FieldError, useFieldIds } from './field';
import { Icon } from './icons';

/** A checkbox with its label beside it and error text below. */
export function CheckboxField({
  label,
  checked,
  onCheckedChange,
  error,
  disabled,
  name,
}: {
  label: ReactNode;
  checked: boolean | 'indeterminate';
  onCheckedChange: (checked: boolean) => void;
  error?: string;
  disabled?: boolean;
  name?: string;
}) {
  const ids = useFieldIds();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <Checkbox.Root
          id={ids.control}
          name={name}
          checked={checked}
          disabled={disabled}
          onCheckedChange={(value) => onCheckedChange(value === true)}
          {...describedBy(ids, undefined, error)}
          className="flex size-5 items-center justify-center rounded border border-slate-400 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-50 aria-invalid:border-red-600 data-[state=checked]:border-blue-800 data-[state=checked]:bg-blue-800 data-[state=indeterminate]:bg-blue-800"
        >
          <Checkbox.Indicator className="text-white">
            {checked === 'indeterminate' ? (
              <span className="block h-0.5 w-3 bg-white" />
            ) : (
              <Icon name="check" className="size-4" />
            )}
          </Checkbox.Indicator>
        </Checkbox.Root>
        <label htmlFor={ids.control} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <FieldError id={ids.error} error={error} />
    </div>
  );
}
