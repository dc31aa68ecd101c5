import type { ExportCell, ExportSheet } from '../shared/xlsx-export';

/** A column of a report table as exported: its heading and each row's value (numbers stay numbers). */
export interface SheetColumn<Row> {
  header: string;
  exportValue: (row: Row) => ExportCell;
}

/** A report table as a sheet: its headings, then per row the value of each column, as the table shows it. */
export function tableSheet<Row>(
  sheetName: string,
  columns: readonly SheetColumn<Row>[],
  rows: readonly Row[],
): ExportSheet {
  return {
    sheetName,
    header: columns.map((column) => column.header),
    rows: rows.map((row) => columns.map((column) => column.exportValue(row))),
  };
}
