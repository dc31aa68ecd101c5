import { expect } from '@playwright/test';
import { jsonAnswer } from '../../server/testing/stand-in-server';
import { EventsPage } from './pages/events-page';
import { LoginPage } from './pages/login-page';
import { signInApi } from './support/api';
import { startCodingService } from './support/coding-service';
import { test } from './support/test';

// The school is in Tokyo: the browser keeps its clock, so "today" is the same day on both sides.
test.use({ timezoneId: 'Asia/Tokyo' });

/** A day in Tokyo, `days` from today, as `YYYY-MM-DD`. */
function tokyoDay(days: number): string {
  const instant = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(instant);
}

test('an admin adds an event for next week under "upcoming", moves it to today (ongoing), then deletes it', async ({
  page,
  request,
}) => {
  const name = `E2Eイベント ${Date.now()}`;
  const nextWeek = tokyoDay(7);
  // Another event, so the filter has one to fall back to when the chosen one is deleted.
  const admin = await signInApi(request, 'admin@demo.test');
  await admin.post('/api/viblo-event', {
    name: `残すイベント ${Date.now()}`,
    start_time: `${tokyoDay(-30)}T09:00`,
    end_time: `${tokyoDay(-29)}T09:00`,
  });
  await page.goto('/admin/viblo/events');
  await new LoginPage(page).signInWithCode('admin@demo.test');
  const events = new EventsPage(page);

  await events.add({ name, start: `${nextWeek}T10:00`, end: `${nextWeek}T17:00` });
  await expect(page).toHaveURL(/tab=future/);
  await expect(page.getByRole('tab', { name: '今後', selected: true })).toBeVisible();
  await expect(events.card(name)).toBeVisible();

  const today = tokyoDay(0);
  await events.changeDates(name, `${today}T00:00`, `${today}T23:59`);
  await expect(page).toHaveURL(/tab=present/);
  await expect(events.card(name)).toBeVisible();
  await events.showTab('今後');
  await expect(events.card(name)).toBeHidden();

  // Chosen in the events filter, then deleted: it leaves the filter, which falls back to another event.
  await events.showTab('開催中');
  const filter = page.getByRole('combobox', { name: 'イベント' });
  await filter.selectOption({ label: name });
  await expect(page).toHaveURL(/eventFilter=/);
  await events.delete(name);
  await expect(page.getByText(`「${name}」を削除しました。`, { exact: true })).toBeVisible();
  await expect(filter.locator('option', { hasText: name })).toHaveCount(0);
  await expect(filter).not.toHaveValue('');
});

test('a student sees the ranking the server fetched from the coding-practice service', async ({
  page,
  request,
}) => {
  const service = await startCodingService();
  const admin = await signInApi(request, 'admin@demo.test');
  let eventId: string | null = null;
  try {
    service.answer(jsonAnswer(200, { data: [{ email: 'student@demo.test', rank: 1, score: 512 }] }));
    const name = `E2Eコンテスト ${Date.now()}`;
    const today = tokyoDay(0);
    const event = (await admin.post('/api/viblo-event', {
      name,
      start_time: `${today}T00:00`,
      end_time: `${today}T23:59`,
      url: `${service.url}contests/e2e-${Date.now()}`,
    })) as { id: string };
    eventId = event.id;
    // The job asks the service every 2 s: wait until the ranking is stored.
    await expect
      .poll(
        async () =>
          ((await admin.post('/api/viblo/search', { eventId: event.id })) as { data: unknown[] }).data.length,
      )
      .toBe(1);

    await page.goto('/admin/viblo');
    await new LoginPage(page).signInWithCode('student@demo.test');
    await page.getByRole('combobox', { name: 'イベント' }).selectOption({ label: name });
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('512');
    await expect(row.getByRole('cell').first()).toHaveText('1');
    await expect(page.getByText(/最終更新/)).toBeVisible();
  } finally {
    // Without its event the job stops asking the stand-in, which closes now, for the rest of the run.
    if (eventId) await admin.delete(`/api/viblo-event/${eventId}`);
    await service.close();
  }
});
