import { expect } from '@playwright/test';
import { AUTH_TEXT, LoginPage } from './pages/login-page';
import { test } from './support/test';

const en = AUTH_TEXT.en;

test('the sign-in page shows the remembered language before the app runs, then signs in as before (en)', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  const shifts: number[] = [];
  await page.exposeFunction('reportShift', (value: number) => shifts.push(value));
  await page.addInitScript(() => {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        (window as unknown as { reportShift(v: number): void }).reportShift(
          (entry as PerformanceEntry & { value: number }).value,
        );
    }).observe({ type: 'layout-shift', buffered: true });
  });

  // The app's scripts held back: what shows is the page as the server sent it, in English.
  await page.route('**/admin/assets/*.js', (route) => route.abort());
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'School Admin' })).toBeVisible();
  await expect(page.getByText('Sign in to continue')).toBeVisible();
  await expect(page.getByText('ログインしてご利用ください')).toBeHidden();
  // Nothing in it can be focused, typed into or sent before the app takes over.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');

  // With the scripts, React takes the page over and the form works.
  await page.unroute('**/admin/assets/*.js');
  await page.goto('/admin/login');
  await expect(page.getByRole('button', { name: en.signIn, exact: true })).toBeEnabled();
  // React replaced the copy without moving anything (two frames on, any shift would have been reported).
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );
  expect(shifts).toEqual([]);
  await new LoginPage(page, 'en').signInWithCode('observer@demo.test');
  await expect(page).toHaveURL(/\/admin\/$/);
});
