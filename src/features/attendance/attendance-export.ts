import type { AttendanceStatus } from '../../../domain/attendance';
import type { ExportSheet } from '../shared/xlsx-export';
import type { Sheet } from './attendance-sheet';

/** The words the export writes, in the user's language. */
export interface ExportWords {
  sheetName: string;
  /** The sheet's title row: the subject and class it is of. */
  title?: string;
  identity: string;
  student: string;
  status: (status: AttendanceStatus | null) => string;
  day: (isoDay: string) => string;
}

/**
 * The attendance sheet as the user sees it, as rows for the xlsx export: a heading per schedule (day, time,
 * lesson), then one row per student with each status label, and the absence reasons and comment after it
 * where they were entered.
 */
export function attendanceExportSheet(sheet: Sheet, words: ExportWords): ExportSheet {
  return {
    sheetName: words.sheetName,
    title: words.title,
    header: [
      words.identity,
      words.student,
      ...sheet.columns.map((column) =>
        `${words.day(column.day)} ${column.startTime}–${column.endTime} ${column.lessonName}`.trim(),
      ),
    ],
    rows: sheet.rows.map((row) => [
      row.identity,
      row.name,
      ...row.cells.map((cell) =>
        [words.status(cell.status), cell.absenceReasons, cell.comment].filter((part) => part).join(' / '),
      ),
    ]),
  };
}
