import { Trans, useLingui } from '@lingui/react/macro';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { appToasts } from '../../app/toasts';
import { Button } from '../../ui/button';
import { type Column, DataTable } from '../../ui/data-table';
import { ScreenLink } from '../shared/screen-link';
import { downloadWorkbook, exportFileName } from '../shared/xlsx-export';
import { type SheetColumn, tableSheet } from './report-sheets';

/** A column of a report table: shown, sortable when it has a sort value, and exported. */
export type ReportColumn<Row> = Column<Row> & SheetColumn<Row>;

/**
 * A report column of one value of each row: the table sorts by it and the file holds it, and `show` words
 * it on screen where that differs (a decimal, a percentage, "none").
 */
export function valueColumn<Row>(
  key: string,
  header: string,
  value: (row: Row) => string | number | null,
  { numeric = false, show = value }: { numeric?: boolean; show?: (row: Row) => ReactNode } = {},
): ReportColumn<Row> {
  return { key, header, numeric, cell: show, sortValue: value, exportValue: value };
}

/**
 * A report's table with its Excel export: the file holds the rows and numbers the table holds, through the
 * formula-injection-safe export of features/shared.
 */
export function ReportTable<Row>({
  title,
  about,
  columns,
  rows,
  rowKey,
  emptyTitle,
  maxHeight,
}: {
  title: string;
  /** What the report is of (its subject and year code, a student): named in the file's name and title row. */
  about?: string;
  columns: readonly ReportColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  emptyTitle: string;
  maxHeight?: string;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const exportRows = async () => {
    setBusy(true);
    const sheet = tableSheet(about ? `${title} ${about}` : title, columns, rows);
    await downloadWorkbook(exportFileName([title, about], dayjs().format('YYYY-MM-DD')), {
      ...sheet,
      title: about ? `${about} — ${title}` : title,
    }).catch(() => appToasts.show({ tone: 'error', title: t`The Excel file could not be made.` }));
    setBusy(false);
  };
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex justify-end print:hidden">
        <Button
          variant="secondary"
          size="sm"
          busy={busy}
          disabled={rows.length === 0}
          onClick={() => void exportRows()}
        >
          <Trans>Export to Excel</Trans>
          <span className="sr-only">: {title}</span>
        </Button>
      </div>
      <DataTable
        caption={title}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        emptyTitle={emptyTitle}
        maxHeight={maxHeight}
      />
    </div>
  );
}

/**
 * The student number, name (a link to the student's page, `/students/{id}`) and class columns a report of
 * students starts with; the name stays in view while the report's columns scroll sideways.
 */
export function studentColumns<Row>(
  student: (row: Row) => { id: string; identity: string; name: string; className: string | null },
  labels: { identity: string; name: string; className: string },
): ReportColumn<Row>[] {
  return [
    {
      key: 'identity',
      header: labels.identity,
      cell: (row) => student(row).identity,
      sortValue: (row) => student(row).identity,
      exportValue: (row) => student(row).identity,
    },
    {
      key: 'name',
      header: labels.name,
      cell: (row) => (
        <ScreenLink to={`/students/${student(row).id}`} className="text-blue-800 underline">
          {student(row).name}
        </ScreenLink>
      ),
      sortValue: (row) => student(row).name,
      exportValue: (row) => student(row).name,
      pinned: true,
    },
    {
      key: 'class',
      header: labels.className,
      cell: (row) => student(row).className ?? '—',
      sortValue: (row) => student(row).className,
      exportValue: (row) => student(row).className,
    },
  ];
}
