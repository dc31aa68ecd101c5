import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProvideDatabase } from '../db/database-context';
import { openTestDatabase } from '../db/database-test-helper';
import type { SchoolDatabase } from '../db/open-database';
import { MyDay } from '../features/schedules/my-day';
import { activateLocale, i18n, type Locale, loadCatalog, rememberedLocale } from './i18n';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  // Back to the English source words the other tests render with (src/test-setup.ts).
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  await database?.remove();
  database = undefined;
});

/** A catalogue loader whose loads end when the test says, in the order it chooses. */
function orderedLoads() {
  const waiting = new Map<Locale, () => void>();
  const load: typeof loadCatalog = (locale, signedIn) =>
    new Promise((resolve) => waiting.set(locale, () => void loadCatalog(locale, signedIn).then(resolve)));
  const finish = async (locale: Locale) => {
    waiting.get(locale)?.();
    // The real catalogue's chunk, then the activation's own step after it.
    await new Promise((resolve) => setTimeout(resolve, 50));
  };
  return { load, finish };
}

describe('activating a language', () => {
  it('shows and remembers the language asked for last, whichever language’s words finish loading last', async () => {
    const { load, finish } = orderedLoads();
    // Japanese asked for first (the device's old choice at sign-in), English right after (the user's pick)...
    const japanese = activateLocale('ja', 'teacher-1', load);
    const english = activateLocale('en', 'teacher-1', load);
    // ...and the English words come first, the Japanese ones after.
    await finish('en');
    await finish('ja');
    await Promise.all([japanese, english]);
    expect(i18n.locale).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(rememberedLocale(localStorage, 'teacher-1')).toBe('en');
  });

  it('re-words my day with every switch, like the rest of the page: nothing in it keeps an earlier language', async () => {
    database = await openTestDatabase('my-day-language');
    await activateLocale('ja', 'teacher-1');
    render(
      <I18nProvider i18n={i18n}>
        <ProvideDatabase database={database}>
          <MyDay teacherId="teacher-1" today="2026-11-30" />
        </ProvideDatabase>
      </I18nProvider>,
    );
    const heading = () => screen.getByRole('heading', { level: 2 }).textContent;
    expect(heading()).toContain('今日の授業');
    await act(() => activateLocale('en', 'teacher-1'));
    expect(heading()).toContain('My day');
    expect(heading()).not.toContain('今日の授業');
    await act(() => activateLocale('vi', 'teacher-1'));
    expect(heading()).not.toContain('My day');
    await act(() => activateLocale('en', 'teacher-1'));
    expect(heading()).toBe('My day 11/30/2026');
    expect(screen.getByRole('status').textContent).toBe('Still arriving on this device…');
  });
});
