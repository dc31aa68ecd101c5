import type { Locale } from '../../../domain/locales';
import { JlptLevel } from '../../../domain/schemas/people';

/** One row of the bulk add as the table edits it: text as typed, checked by the call's schema on save. */
export type SheetRow = {
  key: string;
  identity: string;
  name: string;
  name_kana: string;
  email: string;
  phone: string;
  jlpt: string;
  scholarship: boolean;
  /** The row's guardian (issue 43): all three empty for none; the language as a code (ja, vi, en). */
  guardian_name: string;
  guardian_email: string;
  guardian_locale: string;
};

/** The columns a pasted sheet or a file gives, in order. */
export const SHEET_COLUMNS = [
  'identity',
  'name',
  'name_kana',
  'email',
  'phone',
  'jlpt',
  'scholarship',
  'guardian_name',
  'guardian_email',
  'guardian_locale',
] as const;

let rowCounter = 0;

/** An empty row with a key of its own. */
export function emptySheetRow(): SheetRow {
  rowCounter += 1;
  return {
    key: `row-${rowCounter}`,
    identity: '',
    name: '',
    name_kana: '',
    email: '',
    phone: '',
    jlpt: '',
    scholarship: false,
    guardian_name: '',
    guardian_email: '',
    guardian_locale: '',
  };
}

/**
 * The cells of pasted text: tab-separated when it holds a tab (what a spreadsheet copies), else
 * comma-separated with double-quoted fields (a .csv file). Blank lines are dropped.
 */
export function cellsOfText(text: string): string[][] {
  const separator = text.includes('\t') ? '\t' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endRow = () => {
    row.push(cell);
    if (row.some((value) => value.trim() !== '')) rows.push(row.map((value) => value.trim()));
    row = [];
    cell = '';
  };
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\n') endRow();
    else if (char !== '\r') cell += char;
  }
  endRow();
  return rows;
}

const YES = new Set(['1', 'true', 'yes', 'y', '○', '有', 'có', 'x']);

/** A JLPT cell (`N2`, `2`) as the level's number, or the text as typed when it is none. */
function jlptOf(text: string): string {
  const digit = /^n?([1-5])$/i.exec(text.trim())?.[1];
  return digit && Object.values(JlptLevel).some((level) => String(level) === digit) ? digit : text.trim();
}

/** How a sheet may name a language: the code, or its name in one of the three (case aside). */
const LANGUAGE_NAMES: Record<string, Locale> = {
  ja: 'ja',
  vi: 'vi',
  en: 'en',
  日本語: 'ja',
  japanese: 'ja',
  'tiếng nhật': 'ja',
  ベトナム語: 'vi',
  vietnamese: 'vi',
  'tiếng việt': 'vi',
  英語: 'en',
  english: 'en',
  'tiếng anh': 'en',
};

/** A language cell as its code, or the text as typed when it names none (the schema then calls it invalid). */
function localeOf(text: string): string {
  return LANGUAGE_NAMES[text.trim().toLowerCase()] ?? text.trim();
}

/**
 * Rows of the bulk add from a sheet's cells in `SHEET_COLUMNS` order. A first row whose email cell holds
 * no `@` is a header and is skipped.
 */
export function rowsOfCells(cells: readonly (readonly string[])[]): SheetRow[] {
  const body = cells.length > 0 && !(cells[0]?.[3] ?? '').includes('@') ? cells.slice(1) : cells;
  return body.map((cell) => ({
    ...emptySheetRow(),
    identity: cell[0] ?? '',
    name: cell[1] ?? '',
    name_kana: cell[2] ?? '',
    email: cell[3] ?? '',
    phone: cell[4] ?? '',
    jlpt: jlptOf(cell[5] ?? ''),
    scholarship: YES.has((cell[6] ?? '').trim().toLowerCase()),
    guardian_name: cell[7] ?? '',
    guardian_email: cell[8] ?? '',
    guardian_locale: localeOf(cell[9] ?? ''),
  }));
}

/** The body of one row for the call: empty optional cells become null, the school chosen once for all. */
export function writeOfRow(
  row: SheetRow,
  school: { university_id: string; faculty_id: string; year_code_id: string },
) {
  return {
    identity: row.identity,
    name: row.name,
    name_kana: row.name_kana === '' ? null : row.name_kana,
    email: row.email,
    phone: row.phone === '' ? null : row.phone,
    jlpt: row.jlpt === '' ? null : Number(row.jlpt),
    scholarship: row.scholarship,
    guardian_name: row.guardian_name === '' ? null : row.guardian_name,
    guardian_email: row.guardian_email === '' ? null : row.guardian_email,
    guardian_locale: row.guardian_locale === '' ? null : row.guardian_locale,
    ...school,
  };
}

/**
 * The server's (or the schema's) errors of a bulk add by row key and field: `students.3.email` belongs to
 * the fourth row's email cell; the school fields go to the row too.
 */
export function rowErrors(
  rows: readonly SheetRow[],
  errors: Readonly<Record<string, readonly string[]>>,
): Map<string, Record<string, string>> {
  const byRow = new Map<string, Record<string, string>>();
  for (const [path, codes] of Object.entries(errors)) {
    const match = /^students\.(\d+)\.(\w+)$/.exec(path);
    const row = match ? rows[Number(match[1])] : undefined;
    const code = codes[0];
    if (!match || !row || !code) continue;
    byRow.set(row.key, { ...byRow.get(row.key), [match[2] ?? '']: code });
  }
  return byRow;
}
