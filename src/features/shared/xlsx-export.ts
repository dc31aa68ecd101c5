import { downloadBlob } from './download';

/** A cell of an exported sheet: text, a number, or empty. */
export type ExportCell = string | number | null;

/** A sheet to export as the user sees it: a title row naming what it holds (its subject, class…), a header row, then the rows. */
export interface ExportSheet {
  sheetName: string;
  /** The sheet's first row, naming what the sheet is about (subject, class, report), so a printed or forwarded sheet says it. */
  title?: string;
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

/** Excel's longest sheet name. */
const SHEET_NAME_MAX = 31;
// Characters Excel refuses in a sheet name.
const SHEET_NAME_FORBIDDEN = /[[\]:*?/\\]/g;

/**
 * A name that shortens text to `max` characters where a reader still knows it: at the last word break that
 * keeps at least half of it, with "…" saying something was left out (cut blindly at 31, "Attendance report
 * 日本語 A組" lost its class). Characters are counted as the user sees them, never splitting a surrogate pair.
 */
export function shortenName(text: string, max: number): string {
  const characters = Array.from(text.trim());
  if (characters.length <= max) return characters.join('');
  const room = characters.slice(0, max - 1).join('');
  // A word that ends just where the room does is kept whole.
  if (/[\s·-]/u.test(characters[max - 1] ?? '')) return `${room.trimEnd()}…`;
  const lastBreak = Math.max(room.lastIndexOf(' '), room.lastIndexOf('·'), room.lastIndexOf('-'));
  const kept = lastBreak >= Math.floor(room.length / 2) ? room.slice(0, lastBreak) : room;
  return `${kept.replace(/[\s·-]+$/u, '')}…`;
}

/**
 * Sheet names for a workbook: each one as Excel takes it (no `[]:*?/\`, no apostrophe at either end, at most
 * 31 characters, shortened by `shortenName`), and no two the same once Excel ignores case: a repeated name
 * takes " (2)", " (3)"… inside the 31.
 */
export function uniqueSheetNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const clean =
      name
        .replace(SHEET_NAME_FORBIDDEN, ' ')
        .replace(/\s+/g, ' ')
        .replace(/^'+|'+$/g, '')
        .trim() || 'Sheet';
    let candidate = shortenName(clean, SHEET_NAME_MAX);
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) {
      const suffix = ` (${n})`;
      candidate = `${shortenName(clean, SHEET_NAME_MAX - suffix.length)}${suffix}`;
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

// Characters no file system or browser keeps in a download's name, and control characters.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes.
const FILE_NAME_FORBIDDEN = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;
/** Long enough for a subject, a class and a date; short enough for every file system (255 bytes, 3 a kana). */
const FILE_NAME_MAX = 80;

/**
 * A download's name from what the file is about, most telling first (report, subject, class…) and the day it
 * was made: "出欠_日本語_A組_2026-04-10". Empty parts are left out; characters no file system keeps become
 * spaces; Japanese and Vietnamese stay as they are (the browser names the download, no header encoding).
 */
export function exportFileName(parts: readonly (string | null | undefined)[], day: string): string {
  const words = parts
    .map((part) => (part ?? '').replace(FILE_NAME_FORBIDDEN, ' ').replace(/\s+/g, ' ').trim())
    .filter((part) => part.length > 0)
    .map((part) => shortenName(part, 30));
  // A leading dot would hide the file on some systems.
  const name = shortenName(words.join('_'), FILE_NAME_MAX - day.length - 1).replace(/^[._\s]+/, '');
  return name ? `${name}_${day}` : day;
}

/**
 * Builds an xlsx workbook of one or more sheets, each with its title row (bold) when it has one, then its bold
 * header. Every text cell is written as a string (never a formula) after `safeCellValue`; exceljs is loaded
 * only when a user exports, so it stays out of the app's first load.
 */
export async function buildWorkbook(input: ExportSheet | readonly ExportSheet[]): Promise<ArrayBuffer> {
  const sheets: readonly ExportSheet[] = Array.isArray(input) ? input : [input as ExportSheet];
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const names = uniqueSheetNames(sheets.map((sheet) => sheet.sheetName));
  sheets.forEach((sheet, index) => {
    const worksheet = workbook.addWorksheet(names[index] ?? `Sheet${index + 1}`);
    if (sheet.title) {
      worksheet.addRow([safeCellValue(sheet.title)]);
      worksheet.getRow(1).font = { bold: true, size: 13 };
    }
    worksheet.addRow(sheet.header.map((value) => safeCellValue(value)));
    worksheet.getRow(worksheet.rowCount).font = { bold: true };
    for (const row of sheet.rows) worksheet.addRow(row.map(safeCellValue));
  });
  const buffer: ArrayBuffer = await workbook.xlsx.writeBuffer();
  return buffer;
}

/** Builds the workbook and hands it to the browser as a download named `fileName` (.xlsx added). */
export async function downloadWorkbook(
  fileName: string,
  sheets: ExportSheet | readonly ExportSheet[],
): Promise<void> {
  const buffer = await buildWorkbook(sheets);
  const blob = new Blob([buffer], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  downloadBlob(fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`, blob);
}
