import { expect, test } from '@playwright/test';
import type { ClassAchievementResponse } from '../../domain/schemas/achievement';
import type { AchievementDoc, SubjectDoc } from '../../domain/sync-docs';
import { AchievementPage } from './pages/achievement-page';
import { LoginPage } from './pages/login-page';
import { type ApiSession, pullAll, signInApi } from './support/api';

/** A class of the demo teacher with students, and a score name typed directly (no sub-scores, no bonus). */
async function findClass(teacher: ApiSession) {
  const me = (await teacher.get('/api/me')) as { id: string };
  const docs = await pullAll<SubjectDoc>(teacher, 'subjects');
  for (const subjectClass of docs.filter((doc) => doc.kind === 'class' && doc.teacherIds.includes(me.id))) {
    const table = (await teacher.get(`/api/achievement/${subjectClass.id}`)) as ClassAchievementResponse;
    const parents = new Set(table.scoreNames.flatMap((row) => (row.parent_id ? [row.parent_id] : [])));
    const scoreName = table.scoreNames.find(
      (row) => row.parent_id === null && !row.option_plus && !parents.has(row.id) && row.full_score >= 10,
    );
    if (scoreName && table.students.length >= 12) return { classId: subjectClass.id, table, scoreName };
  }
  throw new Error('the demo school has no class with students and a plain score name for the demo teacher');
}

test('a teacher enters scores offline, reloads offline, and the server gets each value exactly once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const teacher = await signInApi(request, 'teacher@demo.test');
  const { classId, table, scoreName } = await findClass(teacher);
  const students = table.students.slice(0, 12);
  // Whole and half points within the full score, a 0 and a blank: each must arrive as typed.
  const values = students.map((_, index) =>
    index === 0 ? '0' : index === 1 ? '' : String(Math.min(scoreName.full_score, index * 1.5)),
  );

  await page.goto(`/admin/achievement?subjectClass=${classId}`);
  await new LoginPage(page).signInWithCode('teacher@demo.test');
  const achievement = new AchievementPage(page);
  await expect(achievement.rows()).toHaveCount(table.students.length, { timeout: 60_000 });
  // The first sync has brought the scores already entered, so the teacher types over what the server holds.
  for (const student of students) {
    const seeded = student.achievements.find((entry) => entry.score_name.id === scoreName.id)?.points ?? null;
    await expect(achievement.cell(student.name, scoreName.name)).toHaveValue(
      seeded === null ? '' : String(seeded),
      { timeout: 60_000 },
    );
  }
  await achievement.waitForOfflineShell();

  await context.setOffline(true);
  await page.reload();
  await expect(achievement.offlineBanner).toBeVisible();
  await expect(achievement.rows()).toHaveCount(table.students.length);

  // A score above the full score is refused on the spot and never stored.
  const first = students[0];
  if (!first) throw new Error('no student');
  await achievement.enter(first.name, scoreName.name, String(scoreName.full_score + 1));
  await expect(achievement.cell(first.name, scoreName.name)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert').filter({ hasText: '満点' })).toHaveCount(1);
  await achievement.cell(first.name, scoreName.name).press('Escape');

  for (const [index, student] of students.entries()) {
    await achievement.enter(student.name, scoreName.name, values[index] ?? '');
  }
  for (const [index, student] of students.entries()) {
    await expect(achievement.cell(student.name, scoreName.name)).toHaveValue(values[index] ?? '');
  }
  await expect(achievement.cell(first.name, scoreName.name)).toHaveAttribute('data-state', 'waiting');

  await page.reload();
  await expect(achievement.rows()).toHaveCount(table.students.length, { timeout: 60_000 });
  for (const [index, student] of students.entries()) {
    await expect(achievement.cell(student.name, scoreName.name)).toHaveValue(values[index] ?? '');
  }

  await context.setOffline(false);
  await expect(achievement.offlineBanner).toBeHidden();
  for (const student of students) {
    await expect(achievement.cell(student.name, scoreName.name)).toHaveAttribute('data-state', 'saved', {
      timeout: 60_000,
    });
  }

  const after = (await teacher.get(`/api/achievement/${classId}`)) as ClassAchievementResponse;
  const scores = await pullAll<AchievementDoc>(teacher, 'achievements');
  for (const [index, student] of students.entries()) {
    const row = after.students.find(
      (candidate) => candidate.subject_student_id === student.subject_student_id,
    );
    const entries = (row?.achievements ?? []).filter((entry) => entry.score_name.id === scoreName.id);
    expect(entries).toHaveLength(1);
    const typed = values[index] ?? '';
    expect(entries[0]?.points).toBe(typed === '' ? null : Number(typed));
    const docs = scores.filter(
      (doc) => doc.subjectStudentId === student.subject_student_id && doc.scoreNameId === scoreName.id,
    );
    expect(docs).toHaveLength(1);
  }
});

test('a student sees their own scores, offline too, and no one else’s', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const student = await signInApi(request, 'student@demo.test');
  const own = await pullAll<AchievementDoc>(student, 'achievements');
  expect(new Set(own.map((doc) => doc.studentId)).size).toBeLessThanOrEqual(1);
  const entered = own.find((doc) => doc.points !== null && !doc._deleted);
  if (!entered) throw new Error('the demo student has no entered score');
  await expect(student.get(`/api/achievement/${entered.subjectId}`)).rejects.toThrow(/403/);

  await page.goto('/admin/achievement-attendance-profile');
  await new LoginPage(page).signInWithCode('student@demo.test');
  const achievement = new AchievementPage(page);
  const articles = page.getByRole('article');
  await expect(articles.first()).toBeVisible({ timeout: 60_000 });
  const subjectCount = await articles.count();
  const shown = new Intl.NumberFormat('ja-JP', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    entered.points ?? 0,
  );
  await expect(page.getByRole('cell', { name: shown, exact: true }).first()).toBeVisible();
  await achievement.waitForOfflineShell();

  await context.setOffline(true);
  await page.reload();
  await expect(achievement.offlineBanner).toBeVisible();
  await expect(articles).toHaveCount(subjectCount, { timeout: 30_000 });
  await expect(page.getByRole('cell', { name: shown, exact: true }).first()).toBeVisible();
});
