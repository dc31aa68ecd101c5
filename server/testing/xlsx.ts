import ExcelJS from 'exceljs';

/** An xlsx of one sheet: a header row, then the rows, as a user would upload it. */
export async function xlsxSheet(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet('sheet');
  worksheet.addRow([...header]);
  for (const row of rows) worksheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
