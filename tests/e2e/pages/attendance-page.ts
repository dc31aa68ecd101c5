import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { LoginPage } from './login-page';
import { waitForOfflineShell } from './shell-page';

/** What the specs need of the server's sheet of a class (`GET /api/attendance/{classId}`). */
type ServerSheet = {
  students: readonly { student: { name: string } }[];
  schedules: readonly { id: string }[];
};

/** The /attendance screen, in Japanese (the default language). */
export class AttendancePage {
  readonly sheet: Locator;
  readonly offlineBanner: Locator;

  /**
   * Opens a class's sheet as `email`, signing in with the mailed code on the way, and waits until it shows
   * the server's `sheet` whole (`waitForSheet`) and the app would load without a network.
   */
  static async openSignedIn(
    page: Page,
    email: string,
    { classId, sheet }: { classId: string; sheet: ServerSheet },
  ): Promise<AttendancePage> {
    await page.goto(`/admin/attendance?subjectClass=${classId}`);
    await new LoginPage(page).signInWithCode(email);
    const attendance = new AttendancePage(page);
    await attendance.waitForSheet(sheet);
    await attendance.waitForOfflineShell();
    return attendance;
  }

  constructor(private readonly page: Page) {
    this.sheet = page.getByRole('table', { name: '出欠表' });
    this.offlineBanner = page.getByRole('status').filter({ hasText: 'オフラインです' });
  }

  /** The schedule id of each column of the sheet, left to right. */
  columnScheduleIds(): Promise<string[]> {
    return this.sheet
      .locator('thead th[data-schedule]')
      .evaluateAll((headings) => headings.map((heading) => heading.getAttribute('data-schedule') ?? ''));
  }

  /**
   * Waits until the sheet shows every student and every schedule of the server's `sheet`: the students named,
   * in the server's order, and one column per schedule, in the server's order. The specs address a cell by
   * row and column; rows and columns come from collections that sync side by side, and until all are in, row
   * 3 or column 7 may be another student or another sitting than the server's (a spec typed into another
   * schedule's column and saw no conflict). A failure names the ids on both sides.
   */
  async waitForSheet(sheet: ServerSheet): Promise<void> {
    await expect(this.rows()).toHaveCount(sheet.students.length, { timeout: 60_000 });
    await expect(this.rows()).toContainText(
      sheet.students.map((row) => row.student.name),
      { timeout: 60_000 },
    );
    await expect
      .poll(() => this.columnScheduleIds(), { timeout: 60_000 })
      .toEqual(sheet.schedules.map((schedule) => schedule.id));
  }

  /** The student rows of the sheet. */
  rows(): Locator {
    return this.sheet.locator('tbody tr');
  }

  /** The cell of the `row`-th student (0-based, in the sheet's order) at the `column`-th schedule. */
  cell(row: number, column: number): Locator {
    return this.sheet.locator(`[data-cell="${row}:${column}"]`);
  }

  /** Types one status key per student down a schedule's column, starting at the `from`-th student. */
  async typeColumn(column: number, keys: readonly string[], from = 0): Promise<void> {
    await this.cell(from, column).click();
    for (const key of keys) await this.page.keyboard.press(key);
  }

  /** Presses "mark all present" in the `column`-th schedule's heading. */
  async markAllPresent(column: number): Promise<void> {
    await this.sheet
      .locator('thead th')
      .nth(column + 1)
      .getByRole('button', { name: /全員出席/ })
      .click();
  }

  /** The exchange-attendance action of a student's row. */
  exchangeButton(studentName: string): Locator {
    return this.sheet.getByRole('button', this.exchangeName(studentName));
  }

  /** The row of a student, found by its exchange action. */
  rowOf(studentName: string): Locator {
    return this.rows().filter({ has: this.page.getByRole('button', this.exchangeName(studentName)) });
  }

  private exchangeName(studentName: string) {
    return { name: `${studentName} の出欠を振替`, exact: true };
  }

  /** The exchange-attendance dialog of a student. */
  exchangeDialog(studentName: string): Locator {
    return this.page.getByRole('dialog', { name: `出欠の振替: ${studentName}` });
  }

  /** Cuts the browser's network and waits until the app says it is offline. */
  async goOffline(context: BrowserContext): Promise<void> {
    await context.setOffline(true);
    await expect(this.offlineBanner).toBeVisible();
  }

  /** Waits until the service worker controls the page, so a reload without network still loads the app. */
  async waitForOfflineShell(): Promise<void> {
    await waitForOfflineShell(this.page);
  }
}
