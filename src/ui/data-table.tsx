import type { ReactNode } from 'react';
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
};

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
  if (!loading && rows.length === 0) return <EmptyState title={emptyTitle} />;
  return (
    // Chromium and Firefox make a scrolling container a tab stop themselves, so keyboard users can scroll it;
    // the section's name (the caption) makes it a region screen readers list.
    <section
      aria-label={caption}
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
                className={cn(
                  'sticky top-0 z-[1] border-b border-slate-200 bg-slate-100 px-4 py-2 font-medium text-slate-700',
                  column.numeric && 'text-right',
                  column.className,
                )}
              >
                {column.header}
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
            : rows.map((row) => (
                <tr key={rowKey(row)} className="hover:bg-slate-50">
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={cn(
                        'border-b border-slate-100 px-4 py-2',
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
