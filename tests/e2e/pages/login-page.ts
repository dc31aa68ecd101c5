import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/api';

/** The /login screen, in Japanese (the default language). */
export class LoginPage {
  constructor(private readonly page: Page) {}

  /** Signs in through the form with a demo account. */
  async signIn(email: string, password = DEMO_PASSWORD): Promise<void> {
    await this.page.getByLabel('メールアドレス').fill(email);
    await this.page.getByLabel('パスワード').fill(password);
    await this.page.getByRole('button', { name: 'ログイン' }).click();
  }
}
