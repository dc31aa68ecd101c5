import { expect, type Locator, type Page } from '@playwright/test';
import { expectStatusAfter } from '../support/toasts';

/** The people screens (students, teachers, invitations), in Japanese (the default language). */
export class PeoplePage {
  constructor(private readonly page: Page) {}

  /** Picks the university, faculty and year code the bulk-added students join, by name. */
  async chooseSchool(school: { university: string; faculty: string; yearCode: string }): Promise<void> {
    // The screen opens on one student; the sheet of many is the second tab.
    await this.page.getByRole('tab', { name: 'まとめて追加' }).click();
    await this.page.getByLabel(/^大学/).selectOption({ label: school.university });
    await this.page.getByLabel(/^学部/).selectOption({ label: school.faculty });
    await this.page.getByLabel(/^年度コード/).selectOption({ label: school.yearCode });
  }

  /** Pastes rows copied from a spreadsheet and reads them into the table. */
  async pasteRows(text: string): Promise<void> {
    await this.page.getByLabel('スプレッドシートからの行').fill(text);
    await this.page.getByRole('button', { name: '貼り付けた行を読み込む' }).click();
  }

  /** Saves the bulk add of `count` rows. */
  async saveRows(count: number): Promise<void> {
    await this.page.getByRole('button', { name: `${count}人の学生を追加` }).click();
  }

  /** The cell of a column in a row of the bulk table (rows count from 1, as the screen numbers them). */
  cell(column: string, row: number): Locator {
    return this.page.getByLabel(`${column}（${row}行目）`, { exact: true });
  }

  /** Types into the student search's text filter. */
  async search(text: string): Promise<void> {
    await this.page.getByLabel('氏名・学籍番号・メール').fill(text);
    await expect(this.page).toHaveURL(new RegExp(`param=${text}`));
  }

  /** Fills and sends the invitation form, working at the first university offered. */
  async invite({ name, email }: { name: string; email: string }): Promise<void> {
    await this.page.getByLabel(/^名称/).fill(name);
    await this.page.getByLabel(/^メールアドレス/).fill(email);
    await this.page.getByRole('group').getByRole('checkbox').first().check();
    await this.page.getByRole('button', { name: '招待を送信' }).click();
  }

  /** Opens a mailed invitation link and chooses the password. */
  static async choosePassword(page: Page, link: string, password: string): Promise<void> {
    await page.goto(link);
    await page.getByLabel('新しいパスワード', { exact: true }).fill(password);
    await page.getByLabel('新しいパスワード（確認）').fill(password);
    await expectStatusAfter(page, 'パスワードを変更しました', () =>
      page.getByRole('button', { name: 'パスワードを設定' }).click(),
    );
  }
}
