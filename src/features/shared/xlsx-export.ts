/** A cell of an exported sheet: text, a number, or empty. */
export type ExportCell = string | number | null;

/** A sheet to export as the user sees it: a header row, then the rows. */
export interface ExportSheet {
  sheetName: string;
  header: readonly string[];
  rows: readonly (readonly ExportCell[])[];
}

// Text starting with these is read as a formula (or DDE) by spreadsheet programs once edited or re-saved.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell value made safe against formula injection: text that a spreadsheet could take for a formula gets a
 * leading apostrophe, so a student named `=HYPERLINK(...)` shows as text. Numbers and empty cells stay.
 */
export function safeCellValue(value: ExportCell): ExportCell {
  if (typeof value !== 'string') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * Builds an xlsx workbook of one sheet. Every text cell is written as a string (never a formula) after
 * `safeCellValue`; exceljs is loaded only when a user exports, so it stays out of the app's first load.
 */
export async function buildWorkbook(sheet: ExportSheet): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet(sheet.sheetName.slice(0, 31) || 'Sheet1');
  worksheet.addRow(sheet.header.map((value) => safeCellValue(value)));
  worksheet.getRow(1).font = { bold: true };
  for (const row of sheet.rows) worksheet.addRow(row.map(safeCellValue));
  const buffer: ArrayBuffer = await workbook.xlsx.writeBuffer();
  return buffer;
}

/** Builds the workbook and hands it to the browser as a download named `fileName` (.xlsx added). */
export async function downloadWorkbook(fileName: string, sheet: ExportSheet): Promise<void> {
  const buffer = await buildWorkbook(sheet);
  const blob = new Blob([buffer], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
