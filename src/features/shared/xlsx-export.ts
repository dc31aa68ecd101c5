/** One cell of an exported sheet: text, a number, or empty. */
export type XlsxCell = string | number | null;

/** A sheet as the user sees it: a title row or rows of headings, then the body rows. */
export interface XlsxSheet {
  name: string;
  header: readonly (readonly XlsxCell[])[];
  rows: readonly (readonly XlsxCell[])[];
}

// Characters that make a spreadsheet read a cell as a formula (or as a DDE command once the cell is edited).
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell value safe to open in a spreadsheet (formula injection, OWASP CSV injection): text that begins with
 * =, +, -, @, a tab or a carriage return gets a leading apostrophe, so it is shown as typed and never run.
 * Numbers stay numbers.
 */
export function safeCell(value: XlsxCell): XlsxCell {
  if (typeof value !== 'string') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Excel's limit on sheet names, and the characters it refuses in them. */
const SHEET_NAME_MAX = 31;
const SHEET_NAME_FORBIDDEN = /[\\/?*[\]:]/g;

/** A sheet name Excel accepts. */
export function safeSheetName(name: string): string {
  const cleaned = name.replace(SHEET_NAME_FORBIDDEN, ' ').trim().slice(0, SHEET_NAME_MAX);
  return cleaned === '' ? 'Sheet1' : cleaned;
}

/**
 * Builds an xlsx file of one sheet, headings bold and frozen. exceljs is loaded only when a user exports, so
 * the app's first load does not carry it.
 */
export async function buildXlsx(sheet: XlsxSheet): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet(safeSheetName(sheet.name), {
    views: [{ state: 'frozen', ySplit: sheet.header.length, xSplit: 1 }],
  });
  for (const cells of sheet.header) worksheet.addRow(cells.map(safeCell)).font = { bold: true };
  for (const cells of sheet.rows) worksheet.addRow(cells.map(safeCell));
  const buffer = await workbook.xlsx.writeBuffer();
  return buffer instanceof ArrayBuffer ? buffer : new Uint8Array(buffer).buffer;
}

/** The media type of an xlsx file. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Builds the sheet and hands it to the browser as a download named `fileName` (`.xlsx` added). */
export async function downloadXlsx(fileName: string, sheet: XlsxSheet): Promise<void> {
  const blob = new Blob([await buildXlsx(sheet)], { type: XLSX_TYPE });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName.replace(/[\\/:*?"<>|]/g, '_')}.xlsx`;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click handler returns; release the URL a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
