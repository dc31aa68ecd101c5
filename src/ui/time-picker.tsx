import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { cn } from './cn';
import { CONTROL_CLASS, FieldError } from './field';
import { HOUR_OPTIONS, joinTime, minuteOptions, splitTime } from './time-options';

/**
 * A time field (`HH:mm`) as an hour and a minute list, the minutes in steps of 5 (SPEC §9). Two lists keep
 * the step exact on every browser and are easy to use with a keyboard or a screen reader.
 */
export function TimePicker({
  label,
  value,
  onChange,
  error,
  disabled,
  isHourDisabled,
  isMinuteDisabled,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  /** Greys out hours that cannot be chosen (e.g. end hours before the start). */
  isHourDisabled?: (hour: string) => boolean;
  /** Greys out minutes that cannot be chosen within the picked hour (e.g. an end not after the start). */
  isMinuteDisabled?: (hour: string, minute: string) => boolean;
}) {
  const { t } = useLingui();
  const base = useId();
  const { hour, minute } = splitTime(value);
  const errorId = `${base}-error`;
  const control = cn(CONTROL_CLASS, 'w-20 tabular-nums');
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex items-center gap-1">
        <select
          aria-label={t`Hour`}
          value={hour}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(joinTime(event.target.value, minute))}
          className={control}
        >
          <option value="">--</option>
          {HOUR_OPTIONS.map((option) => (
            <option key={option} value={option} disabled={isHourDisabled?.(option)}>
              {option}
            </option>
          ))}
        </select>
        <span aria-hidden="true">:</span>
        <select
          aria-label={t`Minute`}
          value={minute}
          disabled={disabled || hour === ''}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(joinTime(hour, event.target.value))}
          className={control}
        >
          <option value="">--</option>
          {minuteOptions().map((option) => (
            <option key={option} value={option} disabled={isMinuteDisabled?.(hour, option)}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
