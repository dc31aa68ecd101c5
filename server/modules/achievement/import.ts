import ExcelJS from 'exceljs';
import { FieldError } from '../../../domain/errors';
import { nameKey } from '../../../domain/names';
import type { ScoreImportPreview, ScoreImportRow } from '../../../domain/schemas/achievement';
import { parsePoint, scoreWithinFull, validateImportSize } from '../../../domain/validation';
import { ValidationCode } from '../../../domain/validation-codes';
import type { Actor } from '../../access/actor';
import type { AppDeps } from '../../deps';
import { validationFailed } from '../../http-error';
import { readClassEnrolments, readSubjectScoreNames } from './queries';
import { classForUser, writeScores } from './service';
import { checkXlsxZip } from './zip-guard';

/** Where a sheet's columns are (SPEC gives no layout; the export writes the same one). */
const IDENTITY_COLUMN = 1;
const NAME_COLUMN = 2;
const FIRST_SCORE_COLUMN = 3;
const HEADER_ROW = 1;

/** A cell's value as text: numbers as typed, rich text joined, formulas by their cached result. */
export function cellText(value: ExcelJS.CellValue): string | null {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  if (typeof value !== 'object' || value instanceof Date) return null;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('result' in value) {
    const result = value.result;
    return typeof result === 'number' || typeof result === 'string' ? String(result) : null;
  }
  return null;
}

function fileError(code: ValidationCode) {
  return validationFailed({ file: [code] });
}

/** The first sheet of an uploaded workbook, after the zip guard; 422 `file` when it cannot be read. */
export async function readFirstSheet(bytes: Uint8Array): Promise<ExcelJS.Worksheet> {
  const zipProblem = checkXlsxZip(bytes);
  if (zipProblem) throw fileError(zipProblem);
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs declares its input as an ArrayBuffer-like `Buffer`; a copy of the bytes is exactly that.
    await workbook.xlsx.load(bytes.slice().buffer);
  } catch {
    throw fileError(ValidationCode.importMalformed);
  }
  const [sheet] = workbook.worksheets;
  if (!sheet) throw fileError(ValidationCode.importMalformed);
  return sheet;
}

/** The last column of the header row with a header in it. */
function lastHeaderColumn(sheet: ExcelJS.Worksheet): number {
  const header = sheet.getRow(HEADER_ROW);
  let last = 0;
  header.eachCell((cell, column) => {
    if ((cellText(cell.value) ?? '').trim() !== '') last = column;
  });
  return last;
}

/**
 * Reads an xlsx score sheet for a class into a preview: every column matched to a score name the teacher
 * may type into (top-level names without sub-scores; sub-scores are entered on their own page), every row
 * to a student of the class, every cell read as a point (SPEC §5: blank is null, 0 is kept, never above
 * full score). File-level problems (not a zip, limits, unreadable) answer 422 at once.
 */
export async function previewScoreImport(
  deps: AppDeps,
  actor: Actor,
  classId: string,
  bytes: Uint8Array,
): Promise<ScoreImportPreview> {
  const context = await classForUser(deps.db, actor, classId);
  const sheet = await readFirstSheet(bytes);
  const lastColumn = lastHeaderColumn(sheet);
  const dataRows: number[] = [];
  for (let row = HEADER_ROW + 1; row <= sheet.rowCount; row++) {
    if ((cellText(sheet.getRow(row).getCell(IDENTITY_COLUMN).value) ?? '').trim() !== '') dataRows.push(row);
  }
  const limits = validateImportSize(dataRows.length, Math.max(0, lastColumn - FIRST_SCORE_COLUMN + 1));
  if (limits.length > 0) throw validationFailed({ file: limits });
  if (dataRows.length === 0) throw fileError(ValidationCode.importEmpty);

  const scoreNames = await readSubjectScoreNames(deps.db, context.subjectId);
  const parents = new Set(scoreNames.flatMap((row) => (row.parentId ? [row.parentId] : [])));
  const typeable = new Map(
    scoreNames
      .filter((row) => row.parentId === null && !parents.has(row.id))
      .map((row) => [nameKey(row.name), row]),
  );
  const header = sheet.getRow(HEADER_ROW);
  const columns: ScoreImportPreview['columns'] = [];
  for (let column = FIRST_SCORE_COLUMN; column <= lastColumn; column++) {
    const text = (cellText(header.getCell(column).value) ?? '').trim();
    const scoreName = typeable.get(nameKey(text));
    const used: boolean = columns.some(
      (seen) => seen.score_name_id !== null && seen.score_name_id === scoreName?.id,
    );
    columns.push({
      header: text,
      score_name_id: scoreName && !used ? scoreName.id : null,
      error: !scoreName ? ValidationCode.importUnknownColumn : used ? ValidationCode.duplicateName : null,
    });
  }

  const students = new Map(
    (await readClassEnrolments(deps.db, classId)).map((row) => [row.identity.trim(), row]),
  );
  const seen = new Set<string>();
  const rows: ScoreImportRow[] = dataRows.map((rowNumber) => {
    const line = sheet.getRow(rowNumber);
    const identity = (cellText(line.getCell(IDENTITY_COLUMN).value) ?? '').trim();
    const student = students.get(identity);
    const errors: Record<string, string> = {};
    if (!student) errors.identity = ValidationCode.importUnknownStudent;
    else if (seen.has(identity)) errors.identity = ValidationCode.importDuplicateStudent;
    seen.add(identity);
    const points: Record<string, number | null> = {};
    columns.forEach((column, index) => {
      const scoreName = column.score_name_id
        ? scoreNames.find((row) => row.id === column.score_name_id)
        : undefined;
      if (!scoreName) return;
      const text = cellText(line.getCell(FIRST_SCORE_COLUMN + index).value);
      const parsed = text === null ? null : parsePoint(text);
      if (!parsed?.ok) {
        errors[column.header] = parsed ? parsed.code : ValidationCode.invalidNumber;
        return;
      }
      if (!scoreWithinFull(parsed.value, scoreName.fullScore)) {
        errors[column.header] = ValidationCode.scoreAboveFull;
        return;
      }
      points[scoreName.id] = parsed.value;
    });
    return {
      row: rowNumber,
      identity,
      name: (cellText(line.getCell(NAME_COLUMN).value) ?? '').trim(),
      subject_student_id: student?.subjectStudentId ?? null,
      points,
      errors,
    };
  });
  const valid =
    columns.every((column) => column.error === null) &&
    rows.every((row) => Object.keys(row.errors).length === 0);
  return { columns, rows, valid };
}

/**
 * Imports an xlsx score sheet: the same reading as the preview, and only when it has no problem at all, every
 * score in one transaction through the achievements push (`writeScores`); otherwise 422 naming each problem
 * (`columns.<n>` or `rows.<sheet row>.<header>`) and nothing is written.
 */
export async function importScores(
  deps: AppDeps,
  actor: Actor,
  classId: string,
  bytes: Uint8Array,
  offline: boolean,
): Promise<{ written: number }> {
  const preview = await previewScoreImport(deps, actor, classId, bytes);
  if (!preview.valid) {
    const errors: Record<string, string[]> = {};
    preview.columns.forEach((column, index) => {
      if (column.error) errors[`columns.${index}`] = [column.error];
    });
    for (const row of preview.rows) {
      for (const [field, code] of Object.entries(row.errors)) errors[`rows.${row.row}.${field}`] = [code];
    }
    throw validationFailed(Object.keys(errors).length > 0 ? errors : { file: [FieldError.invalid] });
  }
  const writes = preview.rows.flatMap((row) =>
    Object.entries(row.points).map(([scoreNameId, points]) => ({
      subjectStudentId: row.subject_student_id ?? '',
      scoreNameId,
      points,
      field: `rows.${row.row}`,
    })),
  );
  await writeScores(deps, actor, writes, offline);
  return { written: writes.length };
}
