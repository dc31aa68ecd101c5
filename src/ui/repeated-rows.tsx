import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from './button';
import { cn } from './cn';

/**
 * A list of like rows a form edits in place (links, contact links): each row's fields with a Remove button,
 * and an Add button under them. Rows have no id until saved, so a row is known by its place in the list.
 */
export function RepeatedRows<Row>({
  legend,
  rows,
  addLabel,
  newRow,
  onChange,
  rowClassName,
  children,
}: {
  legend: ReactNode;
  rows: readonly Row[];
  addLabel: ReactNode;
  newRow: () => Row;
  onChange: (rows: Row[]) => void;
  /** The grid of one row: its fields' columns and the Remove button's. */
  rowClassName: string;
  /** The fields of the row at `index`; `update` merges a change into it. */
  children: (row: Row, index: number, update: (patch: Partial<Row>) => void) => ReactNode;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold">{legend}</legend>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; the order is the key
        <div key={index} className={cn('grid items-end gap-2', rowClassName)}>
          {children(row, index, (patch) =>
            onChange(rows.map((other, at) => (at === index ? { ...other, ...patch } : other))),
          )}
          <Button variant="ghost" size="sm" onClick={() => onChange(rows.filter((_, at) => at !== index))}>
            <Trans>Remove</Trans>
          </Button>
        </div>
      ))}
      <div>
        <Button variant="secondary" size="sm" onClick={() => onChange([...rows, newRow()])}>
          {addLabel}
        </Button>
      </div>
    </fieldset>
  );
}
