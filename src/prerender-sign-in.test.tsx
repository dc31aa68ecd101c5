import { describe, expect, it } from 'vitest';
import { prerenderSignInPage } from './prerender-sign-in';

const SCRIPTS = { entry: '/admin/assets/index-test.js', preloads: ['/admin/assets/login-test.js'] };

describe('the sign-in page rendered for index.html', () => {
  it('holds the real sign-in form in Japanese, Vietnamese and English, inert, with the script that picks one', async () => {
    const page = await prerenderSignInPage(SCRIPTS);
    const holder = new DOMParser()
      .parseFromString(page.body, 'text/html')
      .getElementById('prerendered-sign-in');
    expect(holder?.hasAttribute('inert')).toBe(true);
    const copies = [...(holder?.children ?? [])];
    expect(copies.map((copy) => copy.getAttribute('lang'))).toEqual(['ja', 'vi', 'en']);
    const labels = copies.map((copy) =>
      [...copy.querySelectorAll('label')].map((label) => label.textContent),
    );
    expect(labels).toEqual([
      ['言語', 'メールアドレス', 'パスワード'],
      ['Ngôn ngữ', 'Địa chỉ email', 'Mật khẩu'],
      ['Language', 'Email address', 'Password'],
    ]);
    expect(copies.map((copy) => copy.querySelector('button[type="submit"]')?.textContent)).toEqual([
      'ログイン',
      'Đăng nhập',
      'Sign in',
    ]);
    // Each language's switch shows itself chosen; no two copies share an id.
    expect(copies.map((copy) => copy.querySelector('option[selected]')?.getAttribute('value'))).toEqual([
      'ja',
      'vi',
      'en',
    ]);
    const ids = [...(holder?.querySelectorAll('[id]') ?? [])].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(page.body).not.toContain('<script');
    expect(page.head).toContain(JSON.stringify(SCRIPTS.entry));
    expect(page.head).toContain(JSON.stringify(SCRIPTS.preloads[0]));
  });
});
