import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildXlsx, safeCell, safeSheetName } from './xlsx-export';

describe('xlsx export', () => {
  it('neutralises text a spreadsheet would run as a formula, and leaves numbers and plain text alone', () => {
    expect(['=1+1', '+81 90', '-5', '@SUM(A1)', '\tx', '\rx'].map(safeCell)).toEqual([
      "'=1+1",
      "'+81 90",
      "'-5",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
    ]);
    expect([42, null, '出席', 'a=b'].map(safeCell)).toEqual([42, null, '出席', 'a=b']);
    expect(safeSheetName('2026/10 [A組]: 出欠')).toBe('2026 10  A組   出欠');
    expect(safeSheetName('   ')).toBe('Sheet1');
  });

  it('writes the header and rows as shown, with no formula cells', async () => {
    const buffer = await buildXlsx({
      name: 'A組',
      header: [['学生', '2026/10/27']],
      rows: [
        ['=HYPERLINK("http://evil")', '出席'],
        ['Binh', 3],
      ],
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer);
    const sheet = workbook.getWorksheet('A組');
    expect(sheet?.getRow(1).values).toEqual([undefined, '学生', '2026/10/27']);
    expect(sheet?.getRow(2).getCell(1).value).toBe('\'=HYPERLINK("http://evil")');
    expect(sheet?.getRow(2).getCell(1).formula).toBeUndefined();
    expect(sheet?.getRow(3).getCell(2).value).toBe(3);
  });
});
