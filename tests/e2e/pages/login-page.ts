import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/api';
import { mailCount, OTP_PATTERN, waitForMail } from '../support/mailbox';

/** The words of the sign-in screens, as a user reads them. */
export const AUTH_TEXT = {
  ja: {
    language: '言語',
    email: 'メールアドレス',
    password: 'パスワード',
    signIn: 'ログイン',
    code: '確認コード',
    trust: 'このデバイスを30日間信頼する',
    verify: '認証する',
    resend: 'コードを再送信',
    forgot: 'パスワードをお忘れですか？',
    sendLink: '再設定リンクを送信',
    newPassword: '新しいパスワード',
    confirmPassword: '新しいパスワード（確認）',
    setPassword: 'パスワードを設定',
    changePassword: 'パスワードを変更',
    linkSent: 'このアドレスのアカウントがある場合',
    passwordChanged: 'パスワードを変更しました',
    linkInvalid: 'この再設定リンクは無効か',
    wrongCode: 'コードが正しくありません',
    welcome: 'ようこそ',
    mismatch: 'パスワードが一致しません',
  },
  en: {
    language: 'Language',
    email: 'Email address',
    password: 'Password',
    signIn: 'Sign in',
    code: 'Verification code',
    trust: 'Trust this device for 30 days',
    verify: 'Verify',
    resend: 'Resend code',
    forgot: 'Forgot your password?',
    sendLink: 'Send reset link',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    setPassword: 'Set password',
    changePassword: 'Change password',
    linkSent: 'If this address belongs to an account',
    passwordChanged: 'Your password was changed',
    linkInvalid: 'This reset link is invalid',
    wrongCode: 'The code is not correct',
    welcome: 'Welcome',
    mismatch: 'The passwords do not match',
  },
} as const;

/** A language the sign-in tests run in. */
export type AuthLanguage = keyof typeof AUTH_TEXT;

/** The /login screen and the steps after it (two-step code), in Japanese by default. */
export class LoginPage {
  constructor(
    private readonly page: Page,
    private readonly language: AuthLanguage = 'ja',
  ) {}

  private get text() {
    return AUTH_TEXT[this.language];
  }

  /**
   * The app's own screen. Until React takes over, the sign-in page also holds its prerendered copies (inert,
   * one per language), whose fields bear the same labels.
   */
  private get screen() {
    return this.page.locator('#root');
  }

  /** Picks the language with the switch on the sign-in screens. */
  async chooseLanguage(): Promise<void> {
    await this.screen.getByLabel(AUTH_TEXT.ja.language).selectOption(this.language);
  }

  /** Fills and sends the sign-in form. */
  async signIn(email: string, password = DEMO_PASSWORD): Promise<void> {
    await this.screen.getByLabel(this.text.email).fill(email);
    await this.screen.getByLabel(this.text.password, { exact: true }).fill(password);
    await this.screen.getByRole('button', { name: this.text.signIn, exact: true }).click();
  }

  /** Signs in and enters the code mailed to the account (a fresh browser is never a trusted device). */
  async signInWithCode(
    email: string,
    password = DEMO_PASSWORD,
    options: { trust?: boolean } = {},
  ): Promise<void> {
    const before = mailCount(email);
    await this.signIn(email, password);
    await this.enterCode(email, before, options);
  }

  /** Enters the latest code mailed to `email` after `before` mails. */
  async enterCode(email: string, before: number, options: { trust?: boolean } = {}): Promise<void> {
    await expect(this.page).toHaveURL(/\/admin\/otp/);
    const code = await waitForMail(email, OTP_PATTERN, before);
    await this.page.getByLabel(this.text.code).fill(code);
    if (options.trust) await this.page.getByLabel(this.text.trust).check();
    await this.page.getByRole('button', { name: this.text.verify, exact: true }).click();
  }
}
