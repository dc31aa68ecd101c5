import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { AttendanceStatus } from '../../domain/attendance';
import { monthGrid } from '../../domain/schedules';
import type { ClassAttendanceResponse } from '../../domain/schemas/attendance';
import type { ScheduleListResponse, UserScheduleFilterResponse } from '../../domain/schemas/schedules';
import type { SubjectDoc } from '../../domain/sync-docs';
import { SchedulePage } from './pages/schedule-page';
import { type ApiSession, pullAll, signInApi } from './support/api';
import { findUnmarkedSchedule } from './support/demo-classes';
import { readIcs } from './support/ics-reader';
import { test } from './support/test';

/** Today's date and month in Japan, where the browser runs these specs. */
const TOKYO = 'Asia/Tokyo';
const todayInTokyo = () => new Intl.DateTimeFormat('sv-SE', { timeZone: TOKYO }).format(new Date());

/** The published sittings of the signed-in teacher on one day, through the weekly call of SPEC §7. */
async function teacherSittingsOn(teacher: ApiSession, day: string) {
  const answer = (await teacher.get(`/api/schedules/${day}/${day}/week/teacher`)) as ScheduleListResponse;
  return answer.schedules;
}

/** A published sitting of a class of the demo teacher that nobody has marked, already past, and a student. */
async function unmarkedPastSitting(teacher: ApiSession) {
  const today = todayInTokyo();
  const { classId, sheet, scheduleId } = await findUnmarkedSchedule(
    teacher,
    1,
    async (schedule) =>
      schedule.day < today &&
      (await teacherSittingsOn(teacher, schedule.day)).some((sitting) => sitting.id === schedule.id),
  );
  const target = sheet.schedules.find((schedule) => schedule.id === scheduleId);
  const student = sheet.students[0];
  if (!target || !student) throw new Error('the sitting found has no sheet');
  return { classId, target, student };
}

test.describe('my day on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, timezoneId: TOKYO });

  test('my day lists the day’s sittings in time order with the running one marked, and offline two taps mark a student on its roll that the server then gets', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(180_000);
    const teacher = await signInApi(request, 'teacher@demo.test');
    const { classId, target, student } = await unmarkedPastSitting(teacher);
    // The page's clock stands five minutes into the sitting; the device stamps its writes later than what it
    // already synced whatever its clock says (src/db/rising-write-times.ts), so the mark made then still goes out.
    await page.clock.setFixedTime(
      new Date(`${target.day}T${target.start_time}:00+09:00`).getTime() + 5 * 60_000,
    );
    const schedule = await SchedulePage.openSignedIn(page, '/', 'teacher@demo.test');
    await expect(schedule.myDaySitting(target.id)).toContainText('授業中', { timeout: 60_000 });
    const day = await teacherSittingsOn(teacher, target.day);
    await expect(schedule.myDay().getByRole('link')).toHaveCount(day.length);
    const order = await schedule
      .myDay()
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((link) => new URL((link as HTMLAnchorElement).href).searchParams.get('schedule')),
      );
    expect(order).toEqual(day.map((sitting) => sitting.id));
    await expect(schedule.myDay().getByText('授業中')).toHaveCount(
      day.filter((sitting) => sitting.start_time <= target.start_time && target.start_time < sitting.end_time)
        .length,
    );

    // Online once, so that the roll of the sitting is on the device; then back to the dashboard.
    await schedule.myDaySitting(target.id).tap();
    await expect(page).toHaveURL(new RegExp(`subjectClass=${classId}&schedule=${target.id}`));
    await expect(schedule.rollButton(student.student.name, '遅刻')).toBeVisible({ timeout: 60_000 });
    await schedule.waitForOfflineShell();
    await page.goBack();
    await expect(schedule.myDaySitting(target.id)).toBeVisible();

    // Offline, from a reloaded dashboard: tap the running sitting, tap the student's mark.
    await context.setOffline(true);
    await page.reload();
    await expect(schedule.offlineBanner()).toBeVisible();
    await schedule.myDaySitting(target.id).tap();
    await schedule.rollButton(student.student.name, '遅刻').tap();
    await expect(schedule.rollButton(student.student.name, '遅刻')).toHaveAttribute('aria-pressed', 'true');

    await context.setOffline(false);
    await expect
      .poll(
        async () => {
          const after = (await teacher.get(`/api/attendance/${classId}`)) as ClassAttendanceResponse;
          const row = after.students.find((entry) => entry.class_student_id === student.class_student_id);
          return row?.attendances.find((mark) => mark.schedule_id === target.id)?.status ?? null;
        },
        { timeout: 60_000 },
      )
      .toBe(AttendanceStatus.late);
  });
});

test.describe('the school calendar', () => {
  test.use({ timezoneId: TOKYO });

  test('an admin switches month, week and day, and the saved place and view come back on another browser', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const admin = await signInApi(request, 'admin@demo.test');
    const month = todayInTokyo().slice(0, 7);
    // A place of the demo school with sittings this month, found through the calls of SPEC §7.
    const subjects = (await pullAll<SubjectDoc>(admin, 'subjects')).filter(
      (doc) => doc.kind === 'subject' && doc.facultyId && doc.yearCodeId,
    );
    let place: { university: string; faculty: string; yearCode: string; day: string } | undefined;
    for (const subject of subjects) {
      if (!subject.facultyId || !subject.yearCodeId) continue;
      const answer = (await admin.get(
        `/api/schedules/${subject.universityId}/${subject.facultyId}/${subject.yearCodeId}/${month}/month/school`,
      )) as ScheduleListResponse;
      const first = answer.schedules[0];
      if (first) {
        place = {
          university: subject.universityId,
          faculty: subject.facultyId,
          yearCode: subject.yearCodeId,
          day: first.day,
        };
        break;
      }
    }
    if (!place) throw new Error('the demo school has no sittings this month');

    const schedule = await SchedulePage.openSignedIn(page, '/schedule/school', 'admin@demo.test');
    await schedule.expectView('月');
    await schedule.placeSelect('大学').selectOption(place.university);
    await schedule.placeSelect('学部').selectOption(place.faculty);
    await schedule.placeSelect('年度コード').selectOption(place.yearCode);
    await expect(schedule.day(place.day).getByRole('listitem').first()).toBeVisible({ timeout: 60_000 });

    // A day of the month opens that day; the week around it shows the same sittings.
    await schedule.day(place.day).getByRole('button').first().click();
    await schedule.expectView('日');
    await expect(page.getByRole('article').first()).toBeVisible();
    await schedule.viewButton('週').click();
    await schedule.expectView('週');
    await expect(page).toHaveURL(/view=week/);
    await expect(schedule.day(place.day).getByRole('article').first()).toBeVisible();

    // The filter is saved on the server for the user (a preference, not local state).
    const wanted = {
      university: place.university,
      faculty: place.faculty,
      yearCode: place.yearCode,
      monthly: false,
    };
    await expect
      .poll(async () => ((await admin.get('/api/schedules/get-filter')) as UserScheduleFilterResponse).filter)
      .toMatchObject(wanted);

    const otherBrowser = await browser.newContext({ timezoneId: TOKYO });
    const otherPage = await otherBrowser.newPage();
    const other = await SchedulePage.openSignedIn(otherPage, '/schedule/school', 'admin@demo.test');
    await expect(other.placeSelect('大学')).toHaveValue(place.university);
    await expect(other.placeSelect('学部')).toHaveValue(place.faculty);
    await expect(other.placeSelect('年度コード')).toHaveValue(place.yearCode);
    await other.expectView('週');
    await otherBrowser.close();
  });
});

test.describe('the school calendar on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, timezoneId: TOKYO });

  test('an observer’s month is a dot calendar with the chosen day’s sittings listed under it, and the week a list, without sideways scrolling', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const today = todayInTokyo();
    const schedule = await SchedulePage.openSignedIn(
      page,
      '/schedule/school?view=month',
      'observer@demo.test',
    );
    await schedule.expectView('月');
    // Every day of the month is a button with its count of sittings; some days of the demo month have some.
    const todayButton = page.locator(`button[data-day="${today}"]`);
    await expect(todayButton).toHaveAttribute('aria-pressed', 'true');
    await expect(todayButton).toHaveAttribute('aria-label', /授業 \d+ 件/);
    // A day with sittings, once the first sync has brought the school's sittings to the device.
    const busyDay = () =>
      page
        .locator('button[data-day]')
        .evaluateAll(
          (buttons) =>
            buttons
              .find((button) => /授業 [1-9]\d* 件/.test(button.getAttribute('aria-label') ?? ''))
              ?.getAttribute('data-day') ?? null,
        );
    await expect.poll(busyDay, { timeout: 60_000 }).not.toBeNull();
    const label = await busyDay();
    if (!label) throw new Error('no day of this month has sittings');
    await page.locator(`button[data-day="${label}"]`).tap();
    await expect(page.locator(`button[data-day="${label}"]`)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('article').first()).toBeVisible({ timeout: 60_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await schedule.viewButton('週').tap();
    await schedule.expectView('週');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('the teacher calendar', () => {
  test.use({ timezoneId: TOKYO });

  test('a teacher exports the term’s sittings to an .ics file a calendar app can read', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const teacher = await signInApi(request, 'teacher@demo.test');
    const today = todayInTokyo();
    const month = today.slice(0, 7);
    const schedule = await SchedulePage.openSignedIn(page, '/schedule/teacher', 'teacher@demo.test');
    await schedule.expectView('週');
    // The demo teacher teaches every week: this week's sittings are on the device before the export.
    await expect(page.getByRole('article').first()).toBeVisible({ timeout: 60_000 });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '学期をカレンダーに書き出す (.ics)' }).click();
    const file = await (await download).path();
    const calendar = readIcs(await readFile(file, 'utf8'));
    expect(calendar.name).toBe('田中 一郎');
    expect(calendar.events.length).toBeGreaterThan(0);
    // Every event is a published sitting of the teacher on its day, as the server's calendar call says.
    const days = new Set(calendar.events.map((event) => event.DTSTART?.slice(0, 8)));
    // The term holds this month, whose sittings the calendar showed.
    expect([...days].some((day) => day?.startsWith(month.replace('-', '')))).toBe(true);
    for (const day of days) {
      const iso = `${day?.slice(0, 4)}-${day?.slice(4, 6)}-${day?.slice(6, 8)}`;
      const ids = new Set((await teacherSittingsOn(teacher, iso)).map((sitting) => sitting.id));
      for (const event of calendar.events.filter((candidate) => candidate.DTSTART?.startsWith(day ?? '-'))) {
        expect(ids.has(event.UID?.split('@')[0] ?? '')).toBe(true);
      }
    }
  });

  test('with teacher, month and year in the address an admin sees that teacher’s month and the back button', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const admin = await signInApi(request, 'admin@demo.test');
    const filter = (await admin.get('/api/schedules/get-filter')) as UserScheduleFilterResponse;
    const tanaka = filter.users.find((user) => user.name === '田中 一郎');
    if (!tanaka) throw new Error('no demo teacher in the filter');
    const [year, month] = todayInTokyo().split('-');
    const schedule = await SchedulePage.openSignedIn(
      page,
      `/schedule/teacher?teacher=${tanaka.id}&month=${Number(month)}&year=${year}`,
      'admin@demo.test',
    );
    await schedule.expectView('月');
    await expect(page.getByRole('button', { name: '戻る' })).toBeVisible();
    await expect(page.getByText('教員（1 名選択）')).toBeVisible();
    await expect(page.locator('td[data-day] li').first()).toBeVisible({ timeout: 60_000 });
  });

  test('an observer opening the teacher calendar is asked to choose, sees the teacher they tick, and that choice is saved for their next visit', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const observer = await signInApi(request, 'observer@demo.test');
    // A clean start: nothing saved, so the screen shows its own default.
    await observer.post('/api/schedules/save-filter', {
      university: null,
      faculty: null,
      yearCode: null,
      teachers: [],
      monthly: false,
    });
    const filter = (await observer.get('/api/schedules/get-filter')) as UserScheduleFilterResponse;
    const tanaka = filter.users.find((user) => user.name === '田中 一郎');
    if (!tanaka) throw new Error('no demo teacher in the filter');

    const schedule = await SchedulePage.openSignedIn(page, '/schedule/teacher', 'observer@demo.test');
    // An observer teaches nothing: no teacher is chosen for them, and the screen says what to do.
    await expect(page.getByText('教員（0 名選択）')).toBeVisible();
    await expect(page.getByText('上で教員を選ぶと、その授業が表示されます。')).toBeVisible();
    await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(0);

    await page.getByRole('checkbox', { name: '田中 一郎', exact: true }).click();
    await expect(page.getByText('教員（1 名選択）')).toBeVisible();
    await schedule.expectView('週');
    // The demo teacher teaches every week.
    await expect(page.getByRole('article').first()).toBeVisible({ timeout: 60_000 });
    // The choice reaches the server (it was refused before: the observer's own id went with it).
    await expect
      .poll(
        async () => ((await observer.get('/api/schedules/get-filter')) as UserScheduleFilterResponse).filter,
        { timeout: 30_000, message: 'the saved filter holds the teacher ticked' },
      )
      .toMatchObject({ teachers: [tanaka.id] });
    await expect(page.getByText('スケジュールの選択を保存できませんでした。')).toHaveCount(0);

    // The next visit opens on that teacher.
    await page.goto('/admin/schedule/teacher');
    await expect(page.getByText('教員（1 名選択）')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('article').first()).toBeVisible({ timeout: 60_000 });
    await page.getByText('教員（1 名選択）').click();
    await expect(page.getByRole('checkbox', { name: '田中 一郎', exact: true })).toBeChecked();
  });

  test('a teacher sees a colleague’s whole month as the server’s calendar call answers it (the device holds only the teacher’s own subjects)', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const teacher = await signInApi(request, 'teacher@demo.test');
    const me = (await teacher.get('/api/me')) as { id: string };
    const filter = (await teacher.get('/api/schedules/get-filter')) as UserScheduleFilterResponse;
    const month = todayInTokyo().slice(0, 7);
    const gridWeeks = monthGrid(month, 1);
    // The colleague with the most sittings on this month's grid, by the weekly call of SPEC §7.
    let colleague: { id: string; sittings: number } = { id: '', sittings: 0 };
    for (const user of filter.users.filter((candidate) => candidate.id !== me.id)) {
      let sittings = 0;
      for (const week of gridWeeks) {
        const answer = (await teacher.get(
          `/api/schedules/${week[0]}/${week[6]}/week/teacher?teachers=${user.id}`,
        )) as ScheduleListResponse;
        sittings += answer.schedules.length;
      }
      if (sittings > colleague.sittings) colleague = { id: user.id, sittings };
    }
    if (colleague.sittings === 0) throw new Error('no colleague of the demo teacher has sittings this month');

    const schedule = await SchedulePage.openSignedIn(
      page,
      `/schedule/teacher?teachers=${colleague.id}&view=month&date=${month}-01`,
      'teacher@demo.test',
    );
    await schedule.expectView('月');
    await expect.poll(() => schedule.monthCount(), { timeout: 60_000 }).toBe(colleague.sittings);
  });
});
