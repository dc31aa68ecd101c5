import { RadioGroup } from 'radix-ui';
import { type ReactNode, useId } from 'react';
import { FieldError } from './field';
import type { SelectOption } from './select-field';

/** A group of radio buttons under a legend; arrow keys move between choices. */
export function RadioGroupField({
  legend,
  options,
  value,
  onValueChange,
  error,
  name,
  orientation = 'vertical',
}: {
  legend: ReactNode;
  options: readonly SelectOption[];
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  name?: string;
  orientation?: 'horizontal' | 'vertical';
}) {
  const base = useId();
  const legendId = `${base}-legend`;
  const errorId = `${base}-error`;
  return (
    <div className="flex flex-col gap-1">
      <span id={legendId} className="text-sm font-medium text-slate-800">
        {legend}
      </span>
      <RadioGroup.Root
        aria-labelledby={legendId}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        name={name}
        value={value}
        onValueChange={onValueChange}
        orientation={orientation}
        className={orientation === 'horizontal' ? 'flex flex-wrap gap-4' : 'flex flex-col gap-2'}
      >
        {options.map((option) => {
          const id = `${base}-${option.value}`;
          return (
            <div key={option.value} className="flex items-center gap-2">
              <RadioGroup.Item
                id={id}
                value={option.value}
                disabled={option.disabled}
                className="flex size-5 items-center justify-center rounded-full border border-slate-400 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-50 data-[state=checked]:border-blue-800"
              >
                <RadioGroup.Indicator className="block size-2.5 rounded-full bg-blue-800" />
              </RadioGroup.Item>
              <label htmlFor={id} className="text-sm text-slate-800">
                {option.label}
              </label>
            </div>
          );
        })}
      </RadioGroup.Root>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
