import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildWorkbook, safeCellValue } from './xlsx-export';

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
});
