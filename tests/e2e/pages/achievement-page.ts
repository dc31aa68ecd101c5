import type { Locator, Page } from '@playwright/test';
import { waitForOfflineShell } from './shell-page';

/** The /achievement score sheet and the student's profile, in Japanese (the default language). */
export class AchievementPage {
  readonly offlineBanner: Locator;
  readonly sheet: Locator;
  /** The sheet of the sub-score page: a score name and its sub-scores. */
  readonly subScoreSheet: Locator;

  constructor(private readonly page: Page) {
    this.offlineBanner = page.getByRole('status').filter({ hasText: 'オフラインです' });
    this.sheet = page.getByRole('table', { name: '成績表' });
    this.subScoreSheet = page.getByRole('table', { name: '小項目の成績表' });
  }

  /** The student rows of the sheet. */
  rows(): Locator {
    return this.sheet.locator('tbody tr');
  }

  /** The score input of a student for a score name, by its label "<score name> of <student>". */
  cell(studentName: string, scoreName: string, sheet: Locator = this.sheet): Locator {
    return sheet.getByRole('textbox', { name: `${studentName} の ${scoreName}`, exact: true });
  }

  /** The final score input of a student, by its label "<student> の最終成績". */
  finalCell(studentName: string): Locator {
    return this.sheet.getByRole('textbox', { name: `${studentName} の最終成績`, exact: true });
  }

  /** The final score cell of a student: the input with its "set by hand" mark and clear button. */
  finalScore(studentName: string): Locator {
    return this.finalCell(studentName).locator('xpath=ancestor::td[1]');
  }

  /** Types a final score by hand and enters it with Enter. */
  async enterFinal(studentName: string, text: string): Promise<void> {
    const input = this.finalCell(studentName);
    await input.fill(text);
    await input.press('Enter');
  }

  /** Types a score into a cell and enters it with Enter. */
  async enter(
    studentName: string,
    scoreName: string,
    text: string,
    sheet: Locator = this.sheet,
  ): Promise<void> {
    const input = this.cell(studentName, scoreName, sheet);
    await input.fill(text);
    await input.press('Enter');
  }

  /** One subject of the student's own profile. */
  profileSubject(name: string): Locator {
    return this.page.getByRole('article', { name });
  }

  /** Waits until the service worker controls the page, so a reload without network still loads the app. */
  async waitForOfflineShell(): Promise<void> {
    await waitForOfflineShell(this.page);
  }
}
