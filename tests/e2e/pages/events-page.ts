import { expect, type Locator, type Page } from '@playwright/test';

/** The fields of the event form, as the admin types them (`YYYY-MM-DDTHH:mm`, the school's wall clock). */
export interface EventFields {
  name: string;
  start: string;
  end: string;
  link?: string;
}

/** The /viblo/events screens (list, add, edit), in Japanese (the default language). */
export class EventsPage {
  constructor(private readonly page: Page) {}

  /** Opens one period tab: 開催中, 今後 or 過去. */
  async showTab(label: string): Promise<void> {
    await this.page.getByRole('tab', { name: label, exact: true }).click();
  }

  /** An event's card in the open tab. */
  card(name: string): Locator {
    return this.page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: name });
  }

  /** Opens the add form from the list and saves a new event. */
  async add(fields: EventFields): Promise<void> {
    await this.page.getByRole('button', { name: 'イベントを追加' }).click();
    await this.fillAndSave(fields);
  }

  /** Opens an event's edit form from the list and saves new dates. */
  async changeDates(name: string, start: string, end: string): Promise<void> {
    await this.page.getByRole('button', { name: `${name}を編集` }).click();
    await expect(this.page.getByRole('textbox', { name: 'イベント名' })).toHaveValue(name);
    await this.page.getByLabel('開始').fill(start);
    await this.page.getByLabel('終了').fill(end);
    await this.page.getByRole('button', { name: '保存' }).click();
  }

  /** Deletes an event from the list, confirming in the alert dialog. */
  async delete(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `${name}を削除` }).click();
    await this.page.getByRole('alertdialog').getByRole('button', { name: '削除' }).click();
  }

  private async fillAndSave(fields: EventFields): Promise<void> {
    await this.page.getByRole('textbox', { name: 'イベント名' }).fill(fields.name);
    await this.page.getByLabel('開始').fill(fields.start);
    await this.page.getByLabel('終了').fill(fields.end);
    if (fields.link) await this.page.getByRole('textbox', { name: 'リンク' }).fill(fields.link);
    await this.page.getByRole('button', { name: '保存' }).click();
  }
}
