import { expect, type Locator, type Page } from '@playwright/test';
import { waitForOfflineShell } from './shell-page';

/** The /master-setting screen, in Japanese (the default language). */
export class MasterSettingPage {
  readonly offlineBanner: Locator;
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    this.offlineBanner = page.getByRole('status').filter({ hasText: 'オフラインです' });
    this.dialog = page.getByRole('dialog');
  }

  /** Opens one tab by its label (大学, 教室, 学部…). */
  async showTab(label: string): Promise<void> {
    await this.page.getByRole('tab', { name: label, exact: true }).click();
  }

  /** Opens the universities tab. */
  async showUniversities(): Promise<void> {
    await this.showTab('大学');
  }

  /** The table cell showing a master row's name. */
  row(name: string): Locator {
    return this.page.getByRole('tabpanel').getByRole('cell', { name, exact: true });
  }

  /** Types into the tab's name search. */
  async search(text: string): Promise<void> {
    await this.page.getByRole('tabpanel').getByRole('searchbox', { name: '名前で検索' }).fill(text);
  }

  /** Chooses the tab's university filter. */
  async filterByUniversity(university: string): Promise<void> {
    await this.page.getByRole('tabpanel').getByLabel('大学').selectOption({ label: university });
  }

  /** Opens the add form, fills in the name and the university (when the tab has one) and saves. */
  async submitNew(name: string, university?: string): Promise<void> {
    await this.page.getByRole('tabpanel').getByRole('button', { name: '追加', exact: true }).click();
    await this.dialog.getByRole('textbox', { name: '名称' }).fill(name);
    if (university) await this.dialog.getByLabel('大学').selectOption({ label: university });
    await this.dialog.getByRole('button', { name: '保存' }).click();
  }

  /** Adds a row with the form and waits until the form has closed. */
  async add(name: string, university?: string): Promise<void> {
    await this.submitNew(name, university);
    await expect(this.dialog).toBeHidden();
  }

  /**
   * Renames a row through its edit form, once the list shows that name once (a search or filter just typed
   * may not have narrowed the list yet; universities name their faculties alike).
   */
  async rename(name: string, newName: string): Promise<void> {
    const edit = this.page.getByRole('button', { name: `${name}を編集` });
    await expect(edit).toHaveCount(1);
    await edit.click();
    await this.dialog.getByRole('textbox', { name: '名称' }).fill(newName);
    await this.dialog.getByRole('button', { name: '保存' }).click();
    await expect(this.dialog).toBeHidden();
  }

  /** Deletes a row, confirming in the alert dialog. */
  async delete(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `${name}を削除` }).click();
    await this.page.getByRole('alertdialog').getByRole('button', { name: '削除' }).click();
  }

  /** Pastes a list of rooms of one university into the "add several" form and sends it. */
  async addRooms(university: string, names: readonly string[]): Promise<void> {
    await this.page.getByRole('button', { name: 'まとめて追加' }).click();
    await this.dialog.getByLabel('大学').selectOption({ label: university });
    await this.dialog.getByRole('textbox', { name: '教室名（1行に1件）' }).fill(names.join('\n'));
    await this.dialog.getByRole('button', { name: `${names.length}件の教室を追加` }).click();
  }

  /** A toast or alert with exactly this text (the toast's screen-reader echo prefixes 通知). */
  message(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  /** Waits until the service worker controls the page, so a reload without network still loads the app. */
  async waitForOfflineShell(): Promise<void> {
    await waitForOfflineShell(this.page);
  }
}
