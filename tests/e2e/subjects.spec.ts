import { expect } from '@playwright/test';
import { LessonType } from '../../domain/lessons';
import { MasterKind } from '../../domain/master-kind';
import type { Lesson } from '../../domain/schemas/lessons';
import type { MasterDoc, PersonDoc } from '../../domain/sync-docs';
import { AttendancePage } from './pages/attendance-page';
import { LoginPage } from './pages/login-page';
import { SubjectsPage } from './pages/subjects-page';
import { pullAll, signInApi } from './support/api';
import { test } from './support/test';
import { expectStatusAfter } from './support/toasts';

const TOKYO = 'Asia/Tokyo';
test.use({ timezoneId: TOKYO });

/** A day in Tokyo, `days` from today, as `YYYY-MM-DD`. */
function tokyoDay(days: number): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: TOKYO }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** The next `weekday` (0 Sunday … 6 Saturday) on or after a day. */
function onWeekday(day: string, weekday: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + ((weekday - date.getUTCDay() + 7) % 7));
  return date.toISOString().slice(0, 10);
}

type SubjectAnswer = {
  id: string;
  subject_name_id: string;
  class_with_students: { id: string; name: string; class_name_id: string }[];
};

test('an admin builds a subject, a draft lesson reaches the teacher’s sheet only when published, the subject is copied and published in batches, and a student registers and cancels', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  const admin = await signInApi(request, 'admin@demo.test');
  const people = await pullAll<PersonDoc>(admin, 'people');
  const student = people.find((person) => person.name === 'Nguyễn Văn An');
  if (!student?.universityId) throw new Error('the demo student has no university');
  const start = tokyoDay(-7);
  const end = tokyoDay(60);

  // 1. The admin adds a subject with two classes; the server answers it and the app returns to the list.
  await page.goto('/admin/academic/subjects/add');
  await new LoginPage(page).signInWithCode('admin@demo.test');
  const subjects = new SubjectsPage(page);
  await subjects.create(student.universityId, { start, end }, '田中 一郎');
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/academic/subjects') && response.request().method() === 'POST',
  );
  await expectStatusAfter(page, '科目を作成しました', () =>
    page.getByRole('button', { name: '保存', exact: true }).click(),
  );
  const subject = (await (await created).json()) as SubjectAnswer;
  await expect(page).toHaveURL(/\/admin\/academic\/subjects(\?|$)/);
  const [classA, classB] = subject.class_with_students;
  if (!classA || !classB) throw new Error('two classes expected');

  // 2. The student registers in the first class from the subject screen.
  const studentContext = await browser.newContext({ timezoneId: TOKYO });
  const studentPage = await studentContext.newPage();
  await studentPage.goto(`/admin/academic/subjects/${subject.id}`);
  await new LoginPage(studentPage).signInWithCode('student@demo.test');
  const classCard = (name: string) => studentPage.getByRole('article', { name });
  await expectStatusAfter(studentPage, 'クラスに登録しました', () =>
    classCard(classA.name).getByRole('button', { name: '登録' }).click(),
  );
  await expect(classCard(classA.name)).toContainText('Nguyễn Văn An');

  // 3. The teacher opens the first class's attendance sheet: the student, no sitting yet.
  const teacherContext = await browser.newContext({ timezoneId: TOKYO });
  const teacherPage = await teacherContext.newPage();
  await teacherPage.goto(`/admin/attendance?subjectClass=${classA.id}`);
  await new LoginPage(teacherPage).signInWithCode('teacher@demo.test');
  const sheet = new AttendancePage(teacherPage);
  await expect(sheet.rows()).toHaveCount(1, { timeout: 150_000 });
  await expect.poll(() => sheet.columnScheduleIds()).toEqual([]);

  // 4. The admin adds a lesson with a sitting and saves it as a draft: it stays on the drafts tab.
  const lessonDay = tokyoDay(1);
  await page.goto(`/admin/academic/subjects/${subject.id}`);
  await page.getByRole('button', { name: '授業を追加' }).click();
  await page.getByRole('textbox', { name: '授業名' }).fill('第1回 ガイダンス');
  await subjects.addSitting(lessonDay, '10:00', '11:30');
  await expectStatusAfter(page, '授業を下書き保存しました', () =>
    page.getByRole('button', { name: '下書き保存' }).click(),
  );
  await expect(page).toHaveURL(/tab=drafts/);
  await page.getByRole('button', { name: '第1回 ガイダンス' }).click();
  await expect(page.getByTestId('sitting-row')).toHaveCount(1);
  // Drafts never reach the sheet.
  await expect.poll(() => sheet.columnScheduleIds()).toEqual([]);

  // 5. Published, the sitting appears on the teacher's open sheet without a reload.
  await expectStatusAfter(page, '授業を保存しました', () =>
    page.getByRole('button', { name: '公開' }).click(),
  );
  await expect(page).toHaveURL(/tab=lessons/);
  await expect.poll(() => sheet.columnScheduleIds(), { timeout: 60_000 }).toHaveLength(1);

  // Two more lessons and an exam with sittings, through the calls the same screens use.
  const weekday = new Date(`${lessonDay}T00:00:00Z`).getUTCDay();
  for (const [index, name] of ['第2回', '第3回'].entries()) {
    await admin.post(`/api/academic/subjects/${subject.id}/lessons`, {
      name,
      schedules: [
        {
          class_id: classA.id,
          day: onWeekday(tokyoDay(8 + index * 7), weekday),
          start_time: '10:00',
          end_time: '11:30',
          room_id: null,
          teacher_ids: [],
        },
      ],
    });
  }
  const examName = (await pullAll<MasterDoc>(admin, 'master')).find(
    (row) => row.kind === MasterKind.examNames && row.subjectNameId === subject.subject_name_id,
  );
  if (!examName) throw new Error('the subject name has no exam name');
  await admin.post(`/api/academic/subjects/${subject.id}/lessons/exam`, {
    name: '期末試験',
    exam_name_id: examName.id,
    score_names: [{ name: '筆記', full_score: 100 }],
    schedules: [
      {
        class_id: classA.id,
        day: onWeekday(tokyoDay(22), weekday),
        start_time: '10:00',
        end_time: '11:30',
        room_id: null,
        teacher_ids: [],
      },
    ],
  });
  const built = (await admin.get(`/api/academic/subjects/${subject.id}`)) as { lessons: unknown[] };
  expect(built.lessons).toHaveLength(4);
  await expect.poll(() => sheet.columnScheduleIds(), { timeout: 60_000 }).toHaveLength(4);

  // 6. The admin copies the subject: one row made invalid (no date) blocks the buttons until corrected.
  await page.goto(`/admin/academic/subjects/${subject.id}`);
  await page.getByRole('button', { name: '科目をコピー' }).click();
  const rows = page.getByTestId('copy-row');
  await expect(rows).toHaveCount(1);
  const register = page.getByRole('button', { name: '登録', exact: true });
  await expect(register).toBeEnabled();
  const date = rows.first().getByLabel('日付');
  const suggested = await date.inputValue();
  expect(suggested > end).toBe(true);
  await date.fill('');
  await expect(rows.first()).toContainText('選択した行の日付を選んでください。');
  await expect(register).toBeDisabled();
  await date.fill(suggested);
  await expect(register).toBeEnabled();
  const copied = page.waitForResponse((response) => response.url().endsWith('/copy'));
  const batches: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/public-lessons-after-copy')) batches.push(request.postData() ?? '');
  });
  await expectStatusAfter(page, '科目をコピーしました', () => register.click());
  const copy = (await (await copied).json()) as { id: string; lessonsId: string[] };
  await expect(page).toHaveURL(/\/admin\/academic\/subjects(\?|$)/);
  // The three lessons and the exam.
  expect(copy.lessonsId).toHaveLength(4);
  expect(batches).toHaveLength(1);
  const copiedLessons = (await admin.get(`/api/academic/subjects/${copy.id}/lessons`)) as {
    lessons: Lesson[];
  };
  expect(copiedLessons.lessons).toHaveLength(4);
  // The exam comes over as an exam, with its name and score name.
  expect(copiedLessons.lessons.filter((lesson) => lesson.type === LessonType.exam)).toMatchObject([
    { name: '期末試験', exam_name_id: examName.id, score_names: [{ name: '筆記', full_score: 100 }] },
  ]);

  // 7. The student cancels the registration.
  await studentPage.reload();
  await expectStatusAfter(studentPage, 'クラス登録を取り消しました', () =>
    classCard(classA.name).getByRole('button', { name: '登録を取り消す' }).click(),
  );
  await expect(classCard(classA.name)).not.toContainText('Nguyễn Văn An');
  await expect(classCard(classB.name).getByRole('button', { name: '登録' })).toBeVisible();
  await studentContext.close();
  await teacherContext.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the subject list, a subject and its copy screen fit 390 px without a page-wide sideways scroll', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const admin = await signInApi(request, 'admin@demo.test');
    const mine = (await admin.get('/api/academic/subjects/subject-by-user?limit=1')) as {
      subjectList: { data: { id: string }[] };
    };
    const subjectId = mine.subjectList.data[0]?.id;
    if (!subjectId) throw new Error('the demo school has no subject');
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await page.goto('/admin/academic/subjects');
    await new LoginPage(page).signInWithCode('admin@demo.test');
    await expect(page.getByRole('heading', { name: '科目', exact: true })).toBeVisible();
    expect(await fits()).toBe(true);
    await page.goto(`/admin/academic/subjects/${subjectId}`);
    await expect(page.getByRole('tab', { name: 'クラス' })).toBeVisible({ timeout: 60_000 });
    expect(await fits()).toBe(true);
    await page.goto(`/admin/academic/subjects/${subjectId}/copy`);
    await expect(page.getByTestId('copy-row').first()).toBeVisible({ timeout: 60_000 });
    expect(await fits()).toBe(true);
  });
});
