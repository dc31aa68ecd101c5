import { expect, type Page } from '@playwright/test';

/**
 * Does `act`, then expects a status with `text` to have shown (a toast lasts 4 seconds, SPEC §9). The page
 * watches its own DOM from before `act`, at every change, so a toast that came and went between two of
 * Playwright's polls on a busy machine is still seen; one that never came fails after the expect timeout.
 */
export async function expectStatusAfter(
  page: Page,
  text: string,
  act: () => Promise<unknown>,
): Promise<void> {
  const mark = await page.evaluate((wanted) => {
    const marks = window as unknown as Record<string, boolean>;
    const mark = `statusSeen-${Math.random().toString(36).slice(2)}`;
    const shown = () =>
      [...document.querySelectorAll('[role="status"]')].some((status) =>
        status.textContent?.includes(wanted),
      );
    marks[mark] = false;
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      marks[mark] = true;
      observer.disconnect();
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    return mark;
  }, text);
  await act();
  await expect
    .poll(
      () => page.evaluate((name) => (window as unknown as Record<string, boolean>)[name] === true, mark),
      {
        message: `a status saying "${text}"`,
      },
    )
    .toBe(true);
}
