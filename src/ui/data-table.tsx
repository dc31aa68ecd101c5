import { type ReactNode, useState } from 'react';
import { cn } from './cn';
import { EmptyState } from './empty-state';
import { Skeleton } from './skeleton';

/** One column: its heading and how a row fills the cell. */
export type Column<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Right-aligns numbers so digits line up. */
  numeric?: boolean;
  className?: string;
  /** The value a click on the heading sorts by (empty values last); no sorting without it. */
  sortValue?: (row: Row) => string | number | null;
  /**
   * Stays at the left edge while a wide table scrolls sideways (the student's name on a phone): the row's
   * other cells pass under it.
   */
  pinned?: boolean;
};

type Sort = { key: string; direction: 'ascending' | 'descending' };

const collator = new Intl.Collator(undefined, { numeric: true });

/** The rows ordered by one column's sort value, empty values last in both directions; stable. */
export function sortRows<Row>(
  rows: readonly Row[],
  value: (row: Row) => string | number | null,
  descending: boolean,
) {
  const sign = descending ? -1 : 1;
  return rows
    .map((row, index) => ({ row, index, value: value(row) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null)
        return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1;
      const order =
        typeof a.value === 'number' && typeof b.value === 'number'
          ? a.value - b.value
          : collator.compare(String(a.value), String(b.value));
      return order * sign || a.index - b.index;
    })
    .map((entry) => entry.row);
}

/**
 * A data table whose header stays in view while its body scrolls (`maxHeight`), with a caption for screen
 * readers, loading rows and an empty state. Pagination sits below it (see `Pagination`).
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  loading = false,
  emptyTitle,
  maxHeight = '70dvh',
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  loading?: boolean;
  emptyTitle: string;
  maxHeight?: string;
}) {
  const [sort, setSort] = useState<Sort | null>(null);
  if (!loading && rows.length === 0) return <EmptyState title={emptyTitle} />;
  const sortColumn = sort ? columns.find((column) => column.key === sort.key) : undefined;
  const shown = sortColumn?.sortValue
    ? sortRows(rows, sortColumn.sortValue, sort?.direction === 'descending')
    : rows;
  const toggle = (key: string) =>
    setSort((current) =>
      current?.key === key && current.direction === 'ascending'
        ? { key, direction: 'descending' }
        : { key, direction: 'ascending' },
    );
  return (
    // A tab stop, so keyboard users can scroll it (Chromium makes a scrolling box one by itself, Safari does
    // not, and axe asks for it); the section's name (the caption) makes it a region screen readers list.
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      style={{ maxHeight }}
      className="overflow-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-blue-700"
    >
      <table className="w-full border-separate border-spacing-0 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                aria-sort={
                  column.sortValue ? (sort?.key === column.key ? sort.direction : 'none') : undefined
                }
                className={cn(
                  'sticky top-0 z-[1] border-b border-slate-200 bg-slate-100 px-4 py-2 font-medium text-slate-700',
                  column.pinned && 'left-0 z-[2]',
                  column.numeric && 'text-right',
                  column.className,
                )}
              >
                {column.sortValue ? (
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
                    onClick={() => toggle(column.key)}
                  >
                    {column.header}
                    {/* "Sortable" means nothing on paper: only the order the table is in prints. */}
                    <span
                      aria-hidden="true"
                      className={cn('text-xs text-slate-500', sort?.key !== column.key && 'print:hidden')}
                    >
                      {sort?.key === column.key ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody aria-busy={loading || undefined}>
          {loading
            ? [0, 1, 2].map((index) => (
                <tr key={index}>
                  {columns.map((column) => (
                    <td key={column.key} className="border-b border-slate-100 px-4 py-3">
                      <Skeleton className="h-4 w-3/4" />
                    </td>
                  ))}
                </tr>
              ))
            : shown.map((row) => (
                <tr key={rowKey(row)} className="hover:bg-slate-50">
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={cn(
                        'border-b border-slate-100 px-4 py-2',
                        column.pinned && 'sticky left-0 bg-white',
                        column.numeric && 'text-right tabular-nums',
                        column.className,
                      )}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
        </tbody>
      </table>
    </section>
  );
}
