import type { Locator, Page } from '@playwright/test';

/** The subject screens (`/academic/subjects…`), in Japanese (the default language). */
export class SubjectsPage {
  constructor(private readonly page: Page) {}

  /** Fills the add-subject form: the first choices of each master list, the university given, two classes. */
  async create(universityId: string, period: { start: string; end: string }, teacherName: string) {
    const page = this.page;
    await page.getByRole('combobox', { name: '科目名' }).selectOption({ index: 1 });
    await page.getByRole('combobox', { name: '大学' }).selectOption(universityId);
    await page.getByRole('combobox', { name: '学部' }).selectOption({ index: 1 });
    await page.getByRole('combobox', { name: '年度コード' }).selectOption({ index: 1 });
    await page.getByLabel('開始日').fill(period.start);
    await page.getByLabel('終了日').fill(period.end);
    await page.getByRole('button', { name: 'クラスを追加' }).click();
    const classNames = page.getByRole('combobox', { name: 'クラス名' });
    await classNames.nth(0).selectOption({ index: 1 });
    await classNames.nth(1).selectOption({ index: 2 });
    await page.getByRole('checkbox', { name: teacherName }).first().click();
  }

  /** A row of a table by its text. */
  row(text: string): Locator {
    return this.page.getByRole('row').filter({ hasText: text });
  }

  /** Adds a sitting row on the lesson screen and fills it. */
  async addSitting(day: string, start: string, end: string) {
    const page = this.page;
    await page.getByRole('button', { name: '日程を追加' }).click();
    const row = page.getByTestId('sitting-row').last();
    await row.getByRole('textbox', { name: '日', exact: true }).fill(day);
    await pickTime(row.getByRole('group', { name: '開始' }), start);
    await pickTime(row.getByRole('group', { name: '終了' }), end);
  }
}

/** Picks `HH:mm` in a time picker (an hour and a minute list). */
export async function pickTime(picker: Locator, time: string) {
  const [hour = '', minute = ''] = time.split(':');
  await picker.getByRole('combobox', { name: '時' }).selectOption(hour);
  await picker.getByRole('combobox', { name: '分' }).selectOption(minute);
}
