import { LIMITS } from '../../../domain/limits';
import { ValidationCode } from '../../../domain/validation-codes';
import { checkZipDirectory, entryData, ZipMethod } from '../../../domain/zip-guard';
import { cellsOfText } from './student-sheet';

/** What reading a file gives: its cells, or the import code of SPEC §5 that refused it. */
export type SheetFileRead = { ok: true; cells: string[][] } | { ok: false; code: ValidationCode };

/** The bytes `data` inflates to, stopping past `cap` (null: more than declared, or not deflate data). */
async function inflatedLength(data: Uint8Array, cap: number): Promise<number | null> {
  const reader = new Blob([new Uint8Array(data)])
    .stream()
    .pipeThrough(new DecompressionStream('deflate-raw'))
    .getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return total;
      total += value.byteLength;
      if (total > cap) {
        await reader.cancel();
        return null;
      }
    }
  } catch {
    return null;
  }
}

/**
 * The score import's zip guards (domain/zip-guard.ts) in the browser: the directory within the limits, then
 * every entry inflated with its declared size as a hard cap, before exceljs unpacks anything.
 */
async function checkXlsx(bytes: Uint8Array): Promise<ValidationCode | null> {
  const entries = checkZipDirectory(bytes);
  if (typeof entries === 'string') return entries;
  for (const entry of entries) {
    const data = entryData(bytes, entry);
    if (!data) return ValidationCode.importMalformed;
    if (entry.method === ZipMethod.stored) {
      if (data.byteLength !== entry.uncompressedSize) return ValidationCode.importMalformed;
      continue;
    }
    if (entry.method !== ZipMethod.deflated) return ValidationCode.importMalformed;
    if ((await inflatedLength(data, entry.uncompressedSize)) !== entry.uncompressedSize)
      return ValidationCode.importMalformed;
  }
  return null;
}

/**
 * The cells of a bulk-add file: a .csv as text, an .xlsx's first sheet through exceljs (loaded only now, so
 * it stays out of the app's first load) once the zip passed the guards. At most 50 students and a header.
 */
export async function readSheetFile(file: File): Promise<SheetFileRead> {
  if (file.size > LIMITS.importMaxBytes) return { ok: false, code: ValidationCode.importTooLarge };
  const cells = /\.csv$/i.test(file.name) ? cellsOfText(await file.text()) : await xlsxCells(file);
  if (!Array.isArray(cells)) return { ok: false, code: cells };
  if (cells.length === 0) return { ok: false, code: ValidationCode.importEmpty };
  if (cells.length > LIMITS.importMaxStudents + 1)
    return { ok: false, code: ValidationCode.importTooManyStudents };
  return { ok: true, cells };
}

async function xlsxCells(file: File): Promise<string[][] | ValidationCode> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const refused = await checkXlsx(bytes);
  if (refused) return refused;
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes.buffer);
  } catch {
    return ValidationCode.importMalformed;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return ValidationCode.importEmpty;
  if (sheet.columnCount > LIMITS.importMaxColumns) return ValidationCode.importTooManyColumns;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    for (let column = 1; column <= 7; column++) cells.push(row.getCell(column).text.trim());
    if (cells.some((cell) => cell !== '')) rows.push(cells);
  });
  return rows;
}
