import { expect } from '@playwright/test';
import type { ClassAchievementResponse } from '../../domain/schemas/achievement';
import type { AchievementDoc, SubjectDoc } from '../../domain/sync-docs';
import { AchievementPage } from './pages/achievement-page';
import { LoginPage } from './pages/login-page';
import { type ApiSession, pullAll, signInApi } from './support/api';
import { test } from './support/test';

/** A class of the demo teacher with four students or more and a score name made of two sub-scores. */
async function findClass(teacher: ApiSession) {
  const me = (await teacher.get('/api/me')) as { id: string };
  const docs = await pullAll<SubjectDoc>(teacher, 'subjects');
  for (const subjectClass of docs.filter((doc) => doc.kind === 'class' && doc.teacherIds.includes(me.id))) {
    const table = (await teacher.get(`/api/achievement/${subjectClass.id}`)) as ClassAchievementResponse;
    const parent = table.scoreNames.find(
      (row) => table.scoreNames.filter((part) => part.parent_id === row.id).length === 2,
    );
    const parts = table.scoreNames.filter((part) => parent && part.parent_id === parent.id);
    if (parent && table.students.length >= 4) {
      return { classId: subjectClass.id, subjectId: subjectClass.subjectId, table, parent, parts };
    }
  }
  throw new Error('the demo school has no class with sub-scores for the demo teacher');
}

test('a teacher enters sub-scores, offline too; the score on /achievement is their sum and the server gets each value once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  const teacher = await signInApi(request, 'teacher@demo.test');
  const { classId, subjectId, table, parent, parts } = await findClass(teacher);
  const [first, second] = parts;
  if (!first || !second) throw new Error('no sub-scores');
  const students = table.students.slice(0, 4);
  // Halves within each full score; the first student's are entered online, the others' offline.
  const typed = students.map((_, index) => [
    Math.min(first.full_score, 10.5 + index * 7),
    Math.min(second.full_score, 3 + index * 2.5),
  ]);
  const sums = typed.map(([a = 0, b = 0]) => a + b);

  await page.goto(`/admin/achievement?subjectClass=${classId}`);
  await new LoginPage(page).signInWithCode('teacher@demo.test');
  const achievement = new AchievementPage(page);
  await expect(achievement.rows()).toHaveCount(table.students.length, { timeout: 60_000 });

  // The parent's column links to its sub-score page.
  await achievement.sheet.getByRole('link', { name: '小項目を入力' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/achievement/subjects/${subjectId}/score-names/${parent.id}\\?subjectClass=${classId}`),
  );
  await expect(page.getByRole('heading', { name: `${parent.name} の小項目`, level: 1 })).toBeVisible();
  const sheet = achievement.subScoreSheet;
  await expect(sheet.locator('tbody tr')).toHaveCount(table.students.length, { timeout: 60_000 });

  const enterStudent = async (index: number) => {
    const student = students[index];
    const [a, b] = typed[index] ?? [];
    if (!student || a === undefined || b === undefined) throw new Error(`no student ${index}`);
    await achievement.enter(student.name, first.name, String(a), sheet);
    await achievement.enter(student.name, second.name, String(b), sheet);
    // The score itself is read-only here and shows the sum at once.
    const total = achievement.cell(student.name, parent.name, sheet);
    await expect(total).toHaveValue(String(sums[index]));
    await expect(total).toHaveAttribute('readonly', '');
  };

  await enterStudent(0);
  await achievement.waitForOfflineShell();

  // The network drops; the page opens again without it and the other students' sub-scores are entered.
  await context.setOffline(true);
  await page.reload();
  await expect(achievement.offlineBanner).toBeVisible();
  await expect(sheet.locator('tbody tr')).toHaveCount(table.students.length, { timeout: 60_000 });
  for (const index of [1, 2, 3]) await enterStudent(index);
  const last = students[3];
  if (!last) throw new Error('no last student');
  await expect(achievement.cell(last.name, first.name, sheet)).toHaveAttribute('data-state', 'waiting');

  // Still offline, the achievement screen shows each score as the sum of its sub-scores.
  await page.goto(`/admin/achievement?subjectClass=${classId}`);
  await expect(achievement.rows()).toHaveCount(table.students.length, { timeout: 60_000 });
  for (const [index, student] of students.entries()) {
    await expect(achievement.cell(student.name, parent.name)).toHaveValue(String(sums[index]));
  }

  await context.setOffline(false);
  await expect(achievement.offlineBanner).toBeHidden();
  for (const student of students) {
    for (const name of [first.name, second.name, parent.name]) {
      await expect(achievement.cell(student.name, name)).toHaveAttribute('data-state', 'saved', {
        timeout: 60_000,
      });
    }
  }

  const after = (await teacher.get(`/api/achievement/${classId}`)) as ClassAchievementResponse;
  const docs = await pullAll<AchievementDoc>(teacher, 'achievements');
  for (const [index, student] of students.entries()) {
    const row = after.students.find((entry) => entry.subject_student_id === student.subject_student_id);
    const expected = [
      [first.id, typed[index]?.[0]],
      [second.id, typed[index]?.[1]],
      [parent.id, sums[index]],
    ] as const;
    for (const [scoreNameId, points] of expected) {
      const entries = (row?.achievements ?? []).filter((entry) => entry.score_name.id === scoreNameId);
      expect(entries, `student ${index} score ${scoreNameId}`).toHaveLength(1);
      expect(entries[0]?.points).toBe(points);
      const stored = docs.filter(
        (doc) =>
          doc.subjectStudentId === student.subject_student_id &&
          doc.scoreNameId === scoreNameId &&
          !doc._deleted,
      );
      expect(stored).toHaveLength(1);
    }
  }
});
