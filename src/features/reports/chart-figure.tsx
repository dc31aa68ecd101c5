import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { formatDecimal } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { Skeleton } from '../../ui/skeleton';
import type { ChartPoint } from './chart-data';
import { type ReportColumn, ReportTable } from './report-table';

// visx and its d3 parts load with the first chart of a report screen, in a chunk of their own.
const BarChart = lazy(() => import('./charts').then((module) => ({ default: module.BarChart })));
const LineChart = lazy(() => import('./charts').then((module) => ({ default: module.LineChart })));

/**
 * A chart with its numbers in a table under it (the accessible form: the drawing is hidden from screen
 * readers, the table is not). `labelHeader` and `valueHeader` name the table's columns.
 */
export function ChartFigure({
  title,
  kind,
  points,
  max,
  labelHeader,
  valueHeader,
}: {
  title: string;
  kind: 'bar' | 'line';
  points: readonly ChartPoint[];
  max?: number;
  labelHeader: string;
  valueHeader: string;
}) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const Chart = kind === 'bar' ? BarChart : LineChart;
  const columns: ReportColumn<ChartPoint>[] = [
    { key: 'label', header: labelHeader, cell: (point) => point.label, exportValue: (point) => point.label },
    {
      key: 'value',
      header: valueHeader,
      numeric: true,
      cell: (point) => (point.value === null ? '—' : formatDecimal(point.value, locale)),
      exportValue: (point) => point.value,
    },
  ];
  return (
    <figure className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
      <figcaption className="font-medium">{title}</figcaption>
      <Suspense fallback={<Skeleton className="h-40 w-full" />}>
        <Chart points={points} max={max} />
      </Suspense>
      <ReportTable
        title={title}
        columns={columns}
        rows={points}
        rowKey={(point) => point.label}
        emptyTitle={t`Nothing to chart yet.`}
        maxHeight="16rem"
      />
    </figure>
  );
}
