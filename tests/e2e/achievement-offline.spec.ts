import { expect } from '@playwright/test';
import { finalScoreTop } from '../../domain/achievement-results';
import type { ClassAchievementResponse } from '../../domain/schemas/achievement';
import type { AchievementDoc, SubjectDoc } from '../../domain/sync-docs';
import { resultId } from '../../domain/sync-ids';
import { AchievementPage } from './pages/achievement-page';
import { LoginPage } from './pages/login-page';
import { type ApiSession, pullAll, signInApi } from './support/api';
import { test } from './support/test';

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
  await expect(achievement.cell(first.name, scoreName.name)).toHaveAttribute('data-state', 'not-saved');
  // A reload of the tab keeps the refused value and its reason at the cell: nothing was stored.
  await page.reload();
  await expect(achievement.rows()).toHaveCount(table.students.length);
  await expect(achievement.cell(first.name, scoreName.name)).toHaveValue(String(scoreName.full_score + 1));
  await expect(achievement.cell(first.name, scoreName.name)).toHaveAttribute('data-state', 'not-saved');
  await expect(page.getByRole('alert').filter({ hasText: '満点' })).toHaveCount(1);
  await achievement.cell(first.name, scoreName.name).press('Escape');
  await expect(page.getByRole('alert').filter({ hasText: '満点' })).toHaveCount(0);

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

/** A class of the demo teacher whose subject lets teachers set final scores and has a formula. */
async function findFinalScoreClass(teacher: ApiSession) {
  const me = (await teacher.get('/api/me')) as { id: string };
  const docs = await pullAll<SubjectDoc>(teacher, 'subjects');
  const allowed = docs.filter(
    (doc) => doc.kind === 'subject' && doc.teacherAllowUpdateFinalScore && doc.formula,
  );
  for (const subject of allowed) {
    for (const subjectClass of docs.filter(
      (doc) => doc.kind === 'class' && doc.subjectId === subject.id && doc.teacherIds.includes(me.id),
    )) {
      const table = (await teacher.get(`/api/achievement/${subjectClass.id}`)) as ClassAchievementResponse;
      const top = finalScoreTop(
        subject.formula,
        table.scoreNames.map((row) => ({
          id: row.id,
          name: row.name,
          fullScore: row.full_score,
          optionPlus: row.option_plus,
          parentId: row.parent_id,
        })),
      );
      if (top !== null && top > 20 && table.students.length >= 2)
        return { classId: subjectClass.id, table, top };
    }
  }
  throw new Error('the demo teacher has no class in a subject that lets teachers set final scores');
}

test('a teacher sets a final score by hand offline, reloads offline, and the server gets it once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const teacher = await signInApi(request, 'teacher@demo.test');
  const { classId, table, top } = await findFinalScoreClass(teacher);
  const [student] = table.students;
  if (!student) throw new Error('no student');

  await page.goto(`/admin/achievement?subjectClass=${classId}`);
  await new LoginPage(page).signInWithCode('teacher@demo.test');
  const achievement = new AchievementPage(page);
  await expect(achievement.rows()).toHaveCount(table.students.length, { timeout: 60_000 });
  const formulaValue = student.final_score === null ? '' : String(student.final_score);
  await expect(achievement.finalCell(student.name)).toHaveValue(formulaValue, { timeout: 60_000 });
  await expect(achievement.finalScore(student.name).getByText('手入力')).toHaveCount(0);
  await achievement.waitForOfflineShell();

  await context.setOffline(true);
  await page.reload();
  await expect(achievement.offlineBanner).toBeVisible();
  await expect(achievement.rows()).toHaveCount(table.students.length);

  // Above the top of the formula is refused on the spot and never stored.
  await achievement.enterFinal(student.name, String(top + 1));
  await expect(achievement.finalCell(student.name)).toHaveAttribute('aria-invalid', 'true');
  await achievement.finalCell(student.name).press('Escape');

  await achievement.enterFinal(student.name, '12.5');
  await expect(achievement.finalCell(student.name)).toHaveValue('12.5');
  await expect(achievement.finalScore(student.name).getByText('手入力')).toBeVisible();
  await expect(achievement.finalCell(student.name)).toHaveAttribute('data-state', 'waiting');

  await page.reload();
  await expect(achievement.rows()).toHaveCount(table.students.length, { timeout: 60_000 });
  await expect(achievement.finalCell(student.name)).toHaveValue('12.5');
  await expect(achievement.finalScore(student.name).getByText('手入力')).toBeVisible();

  await context.setOffline(false);
  await expect(achievement.offlineBanner).toBeHidden();
  await expect(achievement.finalCell(student.name)).toHaveAttribute('data-state', 'saved', {
    timeout: 60_000,
  });

  const after = (await teacher.get(`/api/achievement/${classId}`)) as ClassAchievementResponse;
  const row = after.students.find((candidate) => candidate.subject_student_id === student.subject_student_id);
  expect(row?.final_score).toBe(12.5);
  const results = (await pullAll<AchievementDoc>(teacher, 'achievements')).filter(
    (doc) => doc.kind === 'result' && doc.subjectStudentId === student.subject_student_id,
  );
  expect(results).toEqual([expect.objectContaining({ finalScore: 12.5, _deleted: false })]);
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
  await expect(articles).toHaveCount(subjectCount);
  await expect(page.getByRole('cell', { name: shown, exact: true }).first()).toBeVisible();
});

test('a student sees the final score set by hand for them, offline too', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const student = await signInApi(request, 'student@demo.test');
  const own = await pullAll<AchievementDoc>(student, 'achievements');
  const entered = own.find((doc) => doc.kind === 'score' && doc.points !== null && !doc._deleted);
  if (!entered) throw new Error('the demo student has no entered score');
  const id = resultId(entered.subjectStudentId);
  const stored = own.find((doc) => doc.id === id) ?? null;
  const result: AchievementDoc = stored ?? {
    ...entered,
    id,
    kind: 'result',
    scoreNameId: '',
    fullScore: null,
    scheduleId: null,
    points: null,
    comment: null,
    updatedAt: 0,
  };
  const admin = await signInApi(request, 'admin@demo.test');
  const pushed = (await admin.post('/api/sync/achievements/push', {
    rows: [{ newDocumentState: { ...result, finalScore: 33 }, assumedMasterState: stored }],
  })) as { conflicts: unknown[] };
  expect(pushed.conflicts).toEqual([]);

  await page.goto('/admin/achievement-attendance-profile');
  await new LoginPage(page).signInWithCode('student@demo.test');
  const achievement = new AchievementPage(page);
  // Another test may have set a final score for this student in another subject: find this one by its value.
  const line = page.locator('p', { hasText: '先生が入力' }).filter({ hasText: '33.00' });
  await expect(line).toBeVisible({ timeout: 60_000 });
  await achievement.waitForOfflineShell();

  await context.setOffline(true);
  await page.reload();
  await expect(achievement.offlineBanner).toBeVisible();
  await expect(line).toBeVisible();
});
