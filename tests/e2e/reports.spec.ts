import { expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { attendanceRate } from '../../domain/reports';
import type { AttendanceReport } from '../../domain/schemas/reports';
import { LoginPage } from './pages/login-page';
import { AttendanceReportPage, REPORT_TEXT } from './pages/report-page';
import { SHELL_TEXT, waitForOfflineShell } from './pages/shell-page';
import { signInApi } from './support/api';
import { test } from './support/test';

test('an admin reads the attendance report, sorts it, exports it to Excel, and reads it offline "as of"', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const report = await AttendanceReportPage.openSignedIn(page, 'admin@demo.test');
  const subjectId = report.subjectId();
  const admin = await signInApi(request, 'admin@demo.test');
  const { students } = (await admin.get(`/api/attendance/report/students/${subjectId}`)) as Pick<
    AttendanceReport,
    'students'
  >;
  expect(students.length).toBeGreaterThan(0);

  // The students tab: one row per student, the numbers of the call.
  await expect(report.rows(REPORT_TEXT.studentsTable)).toHaveCount(students.length);

  // Sorted by "present", twice: the most present student comes first.
  await report.sortBy(REPORT_TEXT.studentsTable, REPORT_TEXT.present);
  await report.sortBy(REPORT_TEXT.studentsTable, REPORT_TEXT.present);
  const most = Math.max(...students.map((row) => row.tally.present));
  await expect(report.rows(REPORT_TEXT.studentsTable).first().getByRole('cell').nth(3)).toHaveText(
    String(most),
  );
  await expect(
    report
      .table(REPORT_TEXT.studentsTable)
      .getByRole('columnheader', { name: REPORT_TEXT.present, exact: true }),
  ).toHaveAttribute('aria-sort', 'descending');

  // The export holds the same rows and numbers.
  const { file, name } = await report.exportTable(REPORT_TEXT.studentsTable);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  // The file and its first row name the report and the day (issue 42); then the header and one row each.
  expect(name).toMatch(new RegExp(`^${REPORT_TEXT.studentsTable}_.*\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
  expect(String(sheet.getRow(1).getCell(1).value)).toContain(REPORT_TEXT.studentsTable);
  expect(sheet.rowCount).toBe(students.length + 2);
  const exported = new Map<string, unknown[]>();
  sheet.eachRow((row, index) => {
    if (index > 2) exported.set(String(row.getCell(1).value), (row.values as unknown[]).slice(1));
  });
  for (const student of students) {
    const row = exported.get(student.identity);
    expect(row?.slice(3, 9)).toEqual([
      student.tally.present,
      student.tally.late,
      student.tally.unexplainedAbsence,
      student.tally.absent,
      student.tally.missing,
      attendanceRate(student.tally),
    ]);
  }

  // The classes tab, with its charts and their numbers as tables.
  await report.showTab(REPORT_TEXT.classes);
  await expect(report.rows(REPORT_TEXT.classesTable).first()).toBeVisible();
  await expect(page.locator('svg[data-chart="line"]')).toBeVisible();
  await expect(page.locator('svg[data-chart="bar"]')).toBeVisible();
  await report.showTab(REPORT_TEXT.students);

  // Offline, the same report comes back from the device, "as of" when it was fetched.
  await waitForOfflineShell(page);
  await context.setOffline(true);
  await expect(report.offlineBanner).toBeVisible();
  await page.reload();
  // The reload opens the device's database (13 collections) before the stored copy can show: about 2 s on a
  // quiet machine, measured 15 to 30 s with the machine's cores busy with other work.
  await expect(report.asOf).toBeVisible({ timeout: 60_000 });
  await expect(report.rows(REPORT_TEXT.studentsTable)).toHaveCount(students.length);
  await context.setOffline(false);
});

test('an observer reads the reports read-only; a student is refused', async ({ page, request }) => {
  test.setTimeout(120_000);
  const report = await AttendanceReportPage.openSignedIn(page, 'observer@demo.test');
  await expect(report.rows(REPORT_TEXT.studentsTable).first()).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(
    report.table(REPORT_TEXT.studentsTable).getByRole('button', { name: /保存|削除/ }),
  ).toHaveCount(0);

  // On a 390 px phone the report fits the width: its tables scroll inside their own region, not the page,
  // and the student's name stays at the table's left edge while its columns scroll by.
  await page.setViewportSize({ width: 390, height: 844 });
  const table = report.table(REPORT_TEXT.studentsTable);
  const scrolled = await table.evaluate((region) => {
    region.scrollLeft = region.scrollWidth;
    return region.scrollLeft;
  });
  expect(scrolled).toBeGreaterThan(0);
  const region = await table.boundingBox();
  const name = await report.rows(REPORT_TEXT.studentsTable).first().getByRole('link').boundingBox();
  expect(name && region && name.x - region.x).toBeGreaterThanOrEqual(0);
  expect(name && region && name.x - region.x).toBeLessThan(40);
  await report.showTab(REPORT_TEXT.classes);
  await expect(page.locator('svg[data-chart="bar"]')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const student = await signInApi(request, 'student@demo.test');
  await expect(student.get(`/api/attendance/report/students/${report.subjectId()}`)).rejects.toThrow(/403/);
  await expect(student.get('/api/report/default-filter')).rejects.toThrow(/403/);

  await page.context().clearCookies();
  await page.goto('/admin/report/attendance');
  await new LoginPage(page).signInWithCode('student@demo.test');
  await expect(page.getByRole('heading', { name: SHELL_TEXT.ja.forbidden })).toBeVisible();
});

test('an admin drills into an exam on the achievement report, counts students, and opens a report card', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await signInApi(request, 'admin@demo.test');
  const opening = (await admin.get('/api/report/default-filter')) as {
    subjectNameId: string;
    facultyId: string;
    yearCodeId: string;
  };
  const { classes } = (await admin.get(
    `/api/report/data-classes/${opening.subjectNameId}/${opening.facultyId}/${opening.yearCodeId}`,
  )) as { classes: { exams: { lesson_id: string; exam_name: { id: string } }[] }[] };

  await page.goto('/admin/report/achievement');
  await new LoginPage(page).signInWithCode('admin@demo.test');
  const classTable = page.getByRole('region', { name: 'クラスとGPA平均' });
  await expect(classTable.locator('tbody tr')).toHaveCount(classes.length);
  await expect(page.locator('svg[data-chart="bar"]').first()).toBeVisible();

  const exam = classes.flatMap((row) => row.exams)[0];
  if (exam) {
    const { students } = (await admin.get(
      `/api/report/sub-scores/${exam.lesson_id}/${exam.exam_name.id}`,
    )) as {
      students: unknown[];
    };
    await page
      .getByRole('combobox', { name: '詳しく見る試験' })
      .selectOption(`${exam.lesson_id}:${exam.exam_name.id}`);
    await expect(page.getByRole('region', { name: '学生別小項目点数' }).locator('tbody tr')).toHaveCount(
      students.length,
    );
  }

  const statistics = (await admin.post('/api/statistic/search', {})) as { total: number };
  await page.goto('/admin/report/statistics');
  await expect(page.getByTestId('statistics-total')).toHaveText(`合計：${statistics.total}名`);

  const { students } = (await admin.get(
    `/api/attendance/report/students/${await latestSubject(admin)}`,
  )) as Pick<AttendanceReport, 'students'>;
  const student = students[0];
  if (!student) throw new Error('no student to report on');
  await page.goto(`/admin/report/student?student=${student.id}`);
  await expect(page.getByRole('heading', { name: student.name })).toBeVisible();
  const card = page.getByRole('region', { name: `${student.name}の成績表` });
  await expect(card.locator('tbody tr').first()).toBeVisible();

  // Printed: on an A4 page's printable width the card stands alone (no menu, header, search or button) and its
  // table fits across; the browser's own print to PDF makes A4 pages of it.
  const rows = await card.locator('tbody tr').count();
  await page.setViewportSize({ width: A4_PRINTABLE_WIDTH_PX, height: 1100 });
  await page.emulateMedia({ media: 'print' });
  for (const hidden of [
    page.getByRole('navigation', { name: 'メインメニュー' }),
    page.getByRole('banner'),
    page.getByRole('button', { name: '印刷 / PDFで保存' }),
    page.getByRole('heading', { name: '学生レポート', level: 1 }),
  ])
    await expect(hidden).toBeHidden();
  await expect(page.getByRole('heading', { name: student.name })).toBeVisible();
  await expect(card.locator('tbody tr')).toHaveCount(rows);
  // The paper says whose it is, what it is and when it was printed; the menu's room on screen is not kept, and
  // the sort arrows of a screen table do not print (issue 42).
  const printHeader = page.getByTestId('report-print-header');
  await expect(printHeader).toBeVisible();
  await expect(printHeader).toContainText('学生レポート');
  await expect(printHeader).toContainText(/印刷日 \d{4}\/\d{2}\/\d{2}/);
  const profile = (await admin.get(`/api/students/${student.id}`)) as { university: { name: string } };
  await expect(printHeader).toContainText(profile.university.name);
  expect((await page.getByRole('main').boundingBox())?.x ?? -1).toBe(0);
  // biome-ignore lint/performance/useDomNodeTextContent: the printed text, which hides the arrows by CSS, is what counts
  expect(await card.locator('thead').innerText()).not.toContain('↕');
  const overflow = await card.locator('table').evaluate((table) => ({
    right: table.getBoundingClientRect().right,
    page: document.documentElement.scrollWidth,
  }));
  expect(overflow.right).toBeLessThanOrEqual(A4_PRINTABLE_WIDTH_PX);
  expect(overflow.page).toBeLessThanOrEqual(A4_PRINTABLE_WIDTH_PX);
  const pdf = await page.pdf({ preferCSSPageSize: true });
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const mediaBoxes = [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)];
  expect(mediaBoxes.length).toBeGreaterThan(0);
  // A4 in PDF points (1/72 in): 595 × 842.
  for (const [, width, height] of mediaBoxes) {
    expect(Math.round(Number(width))).toBe(595);
    expect(Math.round(Number(height))).toBe(842);
  }
  await page.emulateMedia({ media: null });
});

/** An A4 page's width less the print stylesheet's 12 mm margins, in CSS pixels (96 per inch). */
const A4_PRINTABLE_WIDTH_PX = Math.floor(((210 - 2 * 12) / 25.4) * 96);

/** The subject the reports open on. */
async function latestSubject(admin: Awaited<ReturnType<typeof signInApi>>): Promise<string> {
  const opening = (await admin.get('/api/report/default-filter')) as { subjectId: string };
  return opening.subjectId;
}
