import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import { HighlightCompare, HighlightCondition, HighlightType } from '../../domain/highlights';
import { LessonPlanStatus, PlanPublish } from '../../domain/lessons';
import type { Highlight } from '../../domain/schemas/highlights';
import type { LessonDetail } from '../../domain/schemas/lessons';
import type { Plan } from '../../domain/schemas/plans';
import { type NoteDoc, NoteKind, type SubjectDoc, SubjectDocKind } from '../../domain/sync-docs';
import { planIdOf } from '../../domain/sync-ids';
import { DashboardPage } from './pages/dashboard-page';
import { LoginPage } from './pages/login-page';
import { PlanPage } from './pages/plan-page';
import { type ApiSession, pullAll, signInApi } from './support/api';
import { test } from './support/test';

const LESSON_NOT_PLAN = 10;

/** The school's date `days` from now (Asia/Tokyo), as the sticky rules count days. */
function schoolDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Tokyo' });
}

/** A class the teacher is in charge of, in a published subject whose period holds `day`. */
async function classOpenOn(teacher: ApiSession, day: string) {
  const me = (await teacher.get('/api/me')) as { id: string };
  const docs = await pullAll<SubjectDoc>(teacher, 'subjects');
  const open = new Set(
    docs
      .filter(
        (doc) =>
          doc.kind === 'subject' &&
          doc.publish === PlanPublish.published &&
          (doc.startDate ?? '') <= day &&
          day <= (doc.endDate ?? ''),
      )
      .map((doc) => doc.id),
  );
  const found = docs.find(
    (doc) => doc.kind === 'class' && doc.teacherIds.includes(me.id) && open.has(doc.subjectId),
  );
  if (!found) throw new Error(`the demo teacher has no class in a subject open on ${day}`);
  return { subjectId: found.subjectId, classId: found.id };
}

/** Whether the teacher holds an open "lesson without a plan" card for the lesson. */
async function hasNoPlanCard(teacher: ApiSession, lessonId: string): Promise<boolean> {
  for (let page = 1; ; page += 1) {
    const answer = (await teacher.get(`/api/sticky?page=${page}&numberSticky=6`)) as {
      data: { type: number; lesson: { id: string } | null }[];
      meta: { pagination: { total_pages: number } };
    };
    if (answer.data.some((card) => card.type === LESSON_NOT_PLAN && card.lesson?.id === lessonId))
      return true;
    if (page >= answer.meta.pagination.total_pages) return false;
  }
}

/**
 * A teacher's new sitting, its plan opened online once, then, on the train (no network, the app started
 * offline), drafted and the page reloaded: answers the plan page and where the plan is on the server.
 */
async function draftPlanOffline(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  hours: { start: string; end: string },
) {
  const teacher = await signInApi(request, 'teacher@demo.test');
  const day = schoolDate(2);
  const { subjectId, classId } = await classOpenOn(teacher, day);
  const name = `計画テスト ${Date.now().toString(36)}`;
  const created = (await teacher.post(`/api/academic/subjects/${subjectId}/lessons`, {
    name,
    schedules: [
      {
        class_id: classId,
        day,
        start_time: hours.start,
        end_time: hours.end,
        room_id: null,
        teacher_ids: [],
      },
    ],
  })) as { id: string };
  const detail = (await teacher.get(
    `/api/academic/subjects/${subjectId}/lessons/${created.id}/detail`,
  )) as LessonDetail;
  const scheduleId = detail.schedule[0]?.id ?? '';
  const planId = planIdOf(scheduleId);
  await expect.poll(() => hasNoPlanCard(teacher, created.id)).toBe(true);

  await page.goto(
    `/admin/academic/subjects/${subjectId}/lessons/${created.id}/schedules/${scheduleId}/plans/${planId}`,
  );
  await new LoginPage(page).signInWithCode('teacher@demo.test');
  const plan = new PlanPage(page);
  await plan.waitForPlan(name);
  await expect(plan.status).toHaveAttribute('data-status', String(LessonPlanStatus.notEntered));
  await plan.waitForOfflineShell();

  // On the train: no network, the app starts offline, and the teacher drafts the plan.
  await context.setOffline(true);
  await page.reload();
  await expect(plan.offlineBanner).toBeVisible();
  await plan.waitForPlan(name);
  await plan.content.fill('<b>復習</b> と <script>x</script>小テスト');
  await plan.saveDraft();
  await expect(page.getByText('授業計画を一時保存しました', { exact: true })).toBeVisible();
  await expect(plan.status).toHaveAttribute('data-status', String(LessonPlanStatus.temporarySave));
  await expect(plan.syncState).toHaveAttribute('data-state', 'waiting');

  await page.reload();
  await plan.waitForPlan(name);
  await expect(plan.content).toHaveValue('<b>復習</b> と <script>x</script>小テスト');
  await expect(plan.status).toHaveAttribute('data-status', String(LessonPlanStatus.temporarySave));

  const path = `/api/academic/subjects/${subjectId}/lessons/${created.id}/schedules/${scheduleId}/plan/${planId}`;
  return { teacher, plan, path, scheduleId, lessonId: created.id };
}

test('a teacher drafts a plan offline, reloads offline, and back online the plan is on the server once and the card goes', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const { teacher, plan, path, scheduleId, lessonId } = await draftPlanOffline(page, context, request, {
    start: '13:00',
    end: '14:30',
  });

  // Back online: the draft reaches the server once, sanitised, and the teacher registers it.
  await context.setOffline(false);
  await expect(plan.syncState).toHaveAttribute('data-state', 'saved', { timeout: 60_000 });
  expect(await teacher.get(path)).toMatchObject({
    publish: PlanPublish.draft,
    content: '<b>復習</b> と 小テスト',
  });
  const plans = (await pullAll<NoteDoc>(teacher, 'notes')).filter(
    (doc) => doc.kind === NoteKind.plan && doc.scheduleId === scheduleId,
  );
  expect(plans).toHaveLength(1);
  expect(await hasNoPlanCard(teacher, lessonId)).toBe(true);

  await plan.register();
  await expect(page.getByText('授業計画を登録しました', { exact: true })).toBeVisible();
  await expect(plan.status).toHaveAttribute('data-status', String(LessonPlanStatus.registered));
  await expect.poll(async () => ((await teacher.get(path)) as Plan).publish).toBe(PlanPublish.published);
  await expect.poll(() => hasNoPlanCard(teacher, lessonId)).toBe(false);
});
test('a teacher drafts a plan offline, reloads offline and registers it offline; back online the server holds it registered', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const { teacher, plan, path, lessonId } = await draftPlanOffline(page, context, request, {
    start: '15:00',
    end: '16:30',
  });

  await plan.register();
  await expect(page.getByText('授業計画を登録しました', { exact: true })).toBeVisible();
  await expect(plan.status).toHaveAttribute('data-status', String(LessonPlanStatus.registered));
  await expect(plan.syncState).toHaveAttribute('data-state', 'waiting');

  await context.setOffline(false);
  await expect(plan.syncState).toHaveAttribute('data-state', 'saved', { timeout: 60_000 });
  expect(await teacher.get(path)).toMatchObject({
    publish: PlanPublish.published,
    content: '<b>復習</b> と 小テスト',
  });
  await expect.poll(() => hasNoPlanCard(teacher, lessonId)).toBe(false);
});

test('a teacher creates the highlight "unexplained absence more than 2" and moves it up with the keyboard; the order survives a reload', async ({
  page,
  request,
}) => {
  const teacher = await signInApi(request, 'teacher@demo.test');
  const { subjectId } = await classOpenOn(teacher, schoolDate(0));
  const base = `/api/academic/subjects/${subjectId}`;
  // The rule of this test must be new to the subject (SPEC §5 refuses a duplicate condition).
  const listed = (await teacher.get(`${base}/highlights`)) as { highlights: Highlight[] };
  for (const row of listed.highlights.filter(
    (row) => row.condition_type === HighlightCondition.unexplainedAbsence && row.value === 2,
  ))
    await teacher.delete(`${base}/highlights/${row.id}`);
  const other = (await teacher.post(`${base}/highlights`, {
    type: HighlightType.attendance,
    condition_type: HighlightCondition.late,
    compare_type: HighlightCompare.moreThan,
    value: 40 + (Date.now() % 50),
  })) as Highlight;

  await page.goto(`/admin/academic/subjects/${subjectId}?tab=highlights`);
  await new LoginPage(page).signInWithCode('teacher@demo.test');
  await page.getByRole('button', { name: 'ハイライトを追加' }).click();
  await page.getByLabel('値').fill('2');
  await page.getByLabel('学生へのメッセージ').fill('無断欠席が2回を超えました。担任に相談してください。');
  await page.getByRole('button', { name: 'ハイライトを保存' }).click();
  await expect(page.getByText('ハイライトを作成しました', { exact: true })).toBeVisible();

  const list = page.getByTestId('highlight-list');
  // The list is read again after each save, so it is read once it shows what the save did.
  const order = () =>
    list
      .locator('li[data-highlight]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-highlight') ?? ''));
  const created =
    (await list
      .locator('li[data-highlight]', { hasText: '無断欠席 より多い 2' })
      .getAttribute('data-highlight')) ?? '';
  await expect.poll(async () => (await order()).includes(other.id)).toBe(true);
  const createdAbove = async () => {
    const rows = await order();
    return rows.includes(other.id) && rows.indexOf(created) < rows.indexOf(other.id);
  };
  expect(await createdAbove()).toBe(false);
  const moveUp = page.getByRole('button', { name: '上へ移動: 無断欠席 より多い 2' });
  await moveUp.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('ハイライトの並び順を保存しました', { exact: true })).toBeVisible();
  await expect.poll(createdAbove).toBe(true);
  const moved = await order();

  await page.reload();
  await expect(list.locator('li[data-highlight]').first()).toBeVisible();
  expect(await order()).toEqual(moved);

  // Its own screen: the rule, the message, and the students it flags now, each a link to the student.
  await list.getByRole('link', { name: '無断欠席 より多い 2' }).click();
  await expect(page).toHaveURL(new RegExp(`/highlights/${created}(\\?|$)`));
  await expect(page.getByRole('heading', { name: '無断欠席 より多い 2', level: 1 })).toBeVisible();
  await expect(page.getByText('無断欠席が2回を超えました。担任に相談してください。')).toBeVisible();
  await expect(page.getByText(/現在このハイライトの対象となる学生/).first()).toBeVisible();
  await page.getByRole('link', { name: 'ハイライト一覧に戻る' }).click();
  await expect(list.locator('li[data-highlight]').first()).toBeVisible();
});

/** Whether any page of the dashboard shows `text` (a memo card comes after the more urgent kinds). */
test('a teacher writes a memo about a sitting another teacher shares; it reaches that teacher’s dashboard live and goes when deleted', async ({
  page,
  request,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const teacher = await signInApi(request, 'teacher@demo.test');
  const otherApi = await playwright.request.newContext({ baseURL });
  const other = await signInApi(otherApi, 'teacher2@demo.test');
  const otherId = ((await other.get('/api/me')) as { id: string }).id;
  const day = schoolDate(3);
  const { subjectId, classId } = await classOpenOn(teacher, day);
  const created = (await teacher.post(`/api/academic/subjects/${subjectId}/lessons`, {
    name: `メモテスト ${Date.now().toString(36)}`,
    schedules: [
      {
        class_id: classId,
        day,
        start_time: '10:00',
        end_time: '11:30',
        room_id: null,
        teacher_ids: [otherId],
      },
    ],
  })) as { id: string };

  // The other teacher watches their dashboard.
  const otherPage = await (await browser.newContext()).newPage();
  await otherPage.goto('/admin/');
  await new LoginPage(otherPage).signInWithCode('teacher2@demo.test');
  await expect(otherPage.getByRole('heading', { name: 'ダッシュボード', level: 1 })).toBeVisible();
  const otherDashboard = new DashboardPage(otherPage);

  await page.goto(`/admin/academic/subjects/${subjectId}/lessons/${created.id}`);
  await new LoginPage(page).signInWithCode('teacher@demo.test');
  const message = `教室が3階に変わります ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'メモを書く' }).click();
  await page.getByRole('textbox', { name: 'メモ', exact: true }).fill(message);
  await page.getByRole('button', { name: 'メモを保存' }).click();
  await expect(page.getByText('メモを作成しました', { exact: true })).toBeVisible();
  // The device reads it back from its notes collection.
  await expect(page.getByTestId('memo').filter({ hasText: message })).toBeVisible();

  // The server makes the cards in a queue that rests three times as long as each subject's refresh took
  // (server/app.ts, issue #23): behind other subjects' refreshes a card may take tens of seconds to come or go.
  await expect.poll(() => otherDashboard.showsOnSomePage(message), { timeout: 60_000 }).toBe(true);

  await page
    .getByTestId('memo')
    .filter({ hasText: message })
    .getByRole('button', { name: 'メモを削除' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('メモを削除しました', { exact: true })).toBeVisible();
  await expect(page.getByTestId('memo').filter({ hasText: message })).toHaveCount(0);
  await expect.poll(() => otherDashboard.showsOnSomePage(message), { timeout: 60_000 }).toBe(false);
  await otherApi.dispose();
});

test('a teacher opens a lesson to the subject’s other classes as an assist lesson and publishes it; it holds after a reload, and a student of another class finds it on their timetable', async ({
  page,
  request,
  browser,
}) => {
  const teacher = await signInApi(request, 'teacher@demo.test');
  const day = schoolDate(4);
  const { subjectId, classId } = await classOpenOn(teacher, day);
  const name = `補助テスト ${Date.now().toString(36)}`;
  const created = (await teacher.post(`/api/academic/subjects/${subjectId}/lessons`, {
    name,
    schedules: [
      { class_id: classId, day, start_time: '16:00', end_time: '17:30', room_id: null, teacher_ids: [] },
    ],
  })) as { id: string };

  await page.goto(`/admin/academic/subjects/${subjectId}?tab=assist`);
  await new LoginPage(page).signInWithCode('teacher@demo.test');
  const row = page.locator(`li[data-assist-lesson="${created.id}"]`);
  await row.getByRole('checkbox', { name: '他のクラスにも開放' }).click();
  await row.getByRole('checkbox', { name: '学生に公開' }).click();
  await page.getByRole('button', { name: '補助授業を保存' }).click();
  await expect(page.getByText('補助授業を保存しました', { exact: true })).toBeVisible();

  const listed = (await teacher.get(`/api/academic/subjects/${subjectId}/assist-lessons`)) as {
    dataSubmit: { lesson_id: string; apply: boolean; status: number }[];
  };
  expect(listed.dataSubmit.find((lesson) => lesson.lesson_id === created.id)).toMatchObject({
    apply: true,
    status: PlanPublish.published,
  });
  await page.reload();
  await expect(row.getByRole('checkbox', { name: '他のクラスにも開放' })).toBeChecked();
  await expect(row.getByRole('checkbox', { name: '学生に公開' })).toBeChecked();

  // A student of another class of the subject finds the sitting on the timetable of their dashboard, marked.
  const admin = await signInApi(request, 'admin@demo.test');
  const seat = (await pullAll<SubjectDoc>(admin, 'subjects')).find(
    (doc) =>
      doc.kind === SubjectDocKind.classStudent &&
      doc.subjectId === subjectId &&
      doc.classId !== classId &&
      !doc._deleted,
  );
  if (!seat?.studentId) throw new Error('the subject has no student in another class');
  const { email } = (await admin.get(`/api/students/${seat.studentId}`)) as { email: string };
  const studentPage = await (await browser.newContext()).newPage();
  await studentPage.goto('/admin/');
  await new LoginPage(studentPage).signInWithCode(email);
  const timetable = studentPage.getByRole('region', { name: '時間割' });
  if (day.slice(0, 7) !== schoolDate(0).slice(0, 7))
    await timetable.getByRole('button', { name: '次へ' }).click();
  await timetable.locator(`td[data-day="${day}"] button`).click();
  await expect(timetable.locator('[data-sitting]').filter({ hasText: name })).toContainText('補助授業');
});
