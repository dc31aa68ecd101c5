import { expect, type Locator, type Page } from '@playwright/test';
import { LoginPage } from './login-page';
import { ShellPage } from './shell-page';

/** The words of the report screens the tests look for (Japanese, the default language). */
export const REPORT_TEXT = {
  students: '学生',
  classes: 'クラス',
  present: '出席',
  export: 'Excelに出力',
  asOf: /保存済みの内容（.+ 時点）/,
  studentsTable: '学生別出席',
  classesTable: 'クラス別出席',
  offline: 'オフラインです',
} as const;

/** `/report/attendance` as a user sees it. */
export class AttendanceReportPage {
  readonly asOf: Locator;
  readonly offlineBanner: Locator;

  constructor(readonly page: Page) {
    this.asOf = page.getByRole('status').filter({ hasText: REPORT_TEXT.asOf });
    this.offlineBanner = page.getByRole('status').filter({ hasText: REPORT_TEXT.offline });
  }

  /** Signs in on the report's address and waits until the report opened on a subject. */
  static async openSignedIn(page: Page, email: string): Promise<AttendanceReportPage> {
    await page.goto('/admin/report/attendance');
    await new LoginPage(page).signInWithCode(email);
    await new ShellPage(page).waitUntilReady();
    await expect(page).toHaveURL(/subject=/);
    return new AttendanceReportPage(page);
  }

  /** The subject in the address. */
  subjectId(): string {
    return new URL(this.page.url()).searchParams.get('subject') ?? '';
  }

  /** The table region of a tab by its caption. */
  table(caption: string): Locator {
    return this.page.getByRole('region', { name: caption });
  }

  /** The body rows of a table. */
  rows(caption: string): Locator {
    return this.table(caption).locator('tbody tr');
  }

  async showTab(name: string): Promise<void> {
    await this.page.getByRole('tab', { name, exact: true }).click();
  }

  /** Sorts a table by a column heading (each click flips the order). */
  async sortBy(caption: string, column: string): Promise<void> {
    await this.table(caption).getByRole('button', { name: column, exact: false }).first().click();
  }

  /** Clicks a table's export and answers the downloaded file's path. */
  async exportTable(caption: string): Promise<{ file: string; name: string }> {
    const download = this.page.waitForEvent('download');
    // The button's name is its text and the table's caption (read to screen readers only).
    await this.page
      .getByRole('button', { name: new RegExp(`^${REPORT_TEXT.export}\\s*:\\s*${caption}$`) })
      .click();
    const done = await download;
    const path = await done.path();
    if (!path) throw new Error('no download');
    return { file: path, name: done.suggestedFilename() };
  }
}
