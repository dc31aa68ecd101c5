import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildWorkbook, exportFileName, safeCellValue, shortenName, uniqueSheetNames } from './xlsx-export';

describe('xlsx export', () => {
  it('prefixes text a spreadsheet would run as a formula, and leaves numbers and plain text', () => {
    expect(safeCellValue('=HYPERLINK("http://x","y")')).toBe(`'=HYPERLINK("http://x","y")`);
    for (const start of ['+', '-', '@', '\t', '\r']) expect(safeCellValue(`${start}1`)).toBe(`'${start}1`);
    expect(safeCellValue('田中 一郎')).toBe('田中 一郎');
    expect(safeCellValue(-5)).toBe(-5);
    expect(safeCellValue(null)).toBeNull();
  });

  it('writes a sheet as shown, with no formula cell even for formula-like names', async () => {
    const buffer = await buildWorkbook({
      sheetName: 'Scores',
      header: ['学籍番号', '氏名', '筆記'],
      rows: [
        ['S-1', '=1+2', 80],
        ['S-2', '@SUM(A1)', null],
      ],
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer);
    const sheet = workbook.worksheets[0];
    const values = [1, 2, 3].map((row) =>
      [1, 2, 3].map((column) => sheet?.getRow(row).getCell(column).value),
    );
    expect(values).toEqual([
      ['学籍番号', '氏名', '筆記'],
      ['S-1', "'=1+2", 80],
      ['S-2', "'@SUM(A1)", null],
    ]);
    sheet?.eachRow((row) => {
      row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula));
    });
  });

  it("names each sheet's subject in a title row above the header, and keeps several sheets apart", async () => {
    const buffer = await buildWorkbook([
      { sheetName: '出欠 日本語 A組', title: '日本語 · A組 — 出欠', header: ['学籍番号'], rows: [['S-1']] },
      {
        sheetName: '出欠 日本語 A組',
        title: '日本語 · A組 — 出欠（2）',
        header: ['学籍番号'],
        rows: [['S-2']],
      },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      '出欠 日本語 A組',
      '出欠 日本語 A組 (2)',
    ]);
    const first = workbook.worksheets[0];
    expect(first?.getRow(1).getCell(1).value).toBe('日本語 · A組 — 出欠');
    expect(first?.getRow(1).font?.bold).toBe(true);
    expect(first?.getRow(2).getCell(1).value).toBe('学籍番号');
    expect(first?.getRow(3).getCell(1).value).toBe('S-1');
  });

  it('shortens a sheet name at a word break with an ellipsis, never a blind cut, and never repeats one', () => {
    const long = 'Attendance by student Japanese Language A class';
    const [name] = uniqueSheetNames([long]);
    expect(name).toBe('Attendance by student Japanese…');
    expect(Array.from(name ?? '').length).toBeLessThanOrEqual(31);
    const names = uniqueSheetNames([long, long, 'scores', 'Scores', 'a/b:c[d]', "'quoted'"]);
    expect(names).toEqual([
      'Attendance by student Japanese…',
      'Attendance by student… (2)',
      'scores',
      'Scores (2)',
      'a b c d',
      'quoted',
    ]);
    for (const sheetName of names) expect(Array.from(sheetName).length).toBeLessThanOrEqual(31);
    // No break to keep: the name is cut, and says so.
    expect(shortenName('日本語日本語日本語日本語日本語日本語日本語日本語', 10)).toBe('日本語日本語日本語…');
  });

  it('names a download by what it holds and the day, with Japanese kept and unsafe characters gone', () => {
    expect(exportFileName(['成績', '日本語', 'A組'], '2026-04-10')).toBe('成績_日本語_A組_2026-04-10');
    expect(exportFileName(['Attendance', 'Math: 1/2', null, ''], '2026-04-10')).toBe(
      'Attendance_Math 1 2_2026-04-10',
    );
    expect(exportFileName(['..', '<x>'], '2026-04-10')).toBe('x_2026-04-10');
  });
});
