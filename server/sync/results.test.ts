import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishState } from '../../domain/lessons';
import { Role } from '../../domain/roles';
import { type AchievementDoc, AchievementDocKind } from '../../domain/sync-docs';
import { resultId } from '../../domain/sync-ids';
import { lessons, resultHistory, subjects } from '../db/schema';
import { achievementsCollection } from '../modules/achievement/collection';
import { pullThrough } from '../testing/calls';
import { createTaughtSchools, type SchoolFixture, schoolActors } from '../testing/school-fixture';
import { buildTestApp, type TestApp } from '../testing/test-app';
import { pushCollection, type SyncActor } from './engine';

let t: TestApp;
let school: SchoolFixture;
let otherSchool: SchoolFixture;
let teacher: SyncActor;
let otherTeacher: SyncActor;
let student: SyncActor;
let admin: SyncActor;

/** The subject's formula reads its one score name (full score 100) at 80 %: final scores run 0 to 80. */
const FORMULA = '筆記 * 0.8';

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t.app.appDeps;
  [school, otherSchool] = await createTaughtSchools(db);
  for (const fixture of [school, otherSchool]) {
    await db.update(subjects).set({ formula: FORMULA }).where(eq(subjects.id, fixture.subjectId));
    // The formula's score name belongs to the fixture's exam, which counts only once published.
    await db.update(lessons).set({ publish: PublishState.published }).where(eq(lessons.id, fixture.examId));
  }
  ({ admin, teacher, otherTeacher, student } = await schoolActors(db, [school, otherSchool]));
});

afterAll(async () => {
  await t.close();
});

function resultOf(fixture: SchoolFixture, overrides: Partial<AchievementDoc> = {}): AchievementDoc {
  return {
    id: resultId(fixture.subjectStudentId),
    kind: AchievementDocKind.result,
    subjectId: fixture.subjectId,
    universityId: fixture.universityId,
    subjectStudentId: fixture.subjectStudentId,
    studentId: fixture.studentId,
    scoreNameId: '',
    fullScore: null,
    scheduleId: null,
    points: null,
    finalScore: null,
    comment: null,
    updatedAt: 0,
    _deleted: false,
    ...overrides,
  };
}

/** Pushes one row; the clock moves a second first, so the history lists the changes in order. */
const push = (actor: SyncActor, next: AchievementDoc, base: AchievementDoc | null, offline = false) => {
  t.clock.advance(1000);
  return pushCollection(
    t.app.appDeps,
    achievementsCollection,
    actor,
    [{ newDocumentState: next, assumedMasterState: base }],
    offline,
  );
};

const allowTeachers = (fixture: SchoolFixture, allowed: boolean) =>
  t.app.appDeps.db
    .update(subjects)
    .set({ teacherAllowUpdateFinalScore: allowed })
    .where(eq(subjects.id, fixture.subjectId));

async function results(actor: SyncActor): Promise<AchievementDoc[]> {
  const { documents } = await pullThrough(t.app.appDeps.db, achievementsCollection, actor);
  return documents.filter((doc) => doc.kind === AchievementDocKind.result);
}

async function serverResult(fixture: SchoolFixture): Promise<AchievementDoc> {
  const found = (await results(admin)).find((doc) => doc.id === resultId(fixture.subjectStudentId));
  if (!found) throw new Error('result missing');
  return found;
}

describe('result sync (final score set by hand)', () => {
  it('an admin always sets a final score; each role pulls only the results it may see', async () => {
    await allowTeachers(school, false);
    for (const fixture of [school, otherSchool]) {
      expect((await push(admin, resultOf(fixture, { finalScore: 70 }), null)).conflicts).toEqual([]);
    }
    expect((await results(admin)).map((doc) => doc.subjectStudentId).sort()).toEqual(
      [school.subjectStudentId, otherSchool.subjectStudentId].sort(),
    );
    expect((await results(teacher)).map((doc) => doc.subjectStudentId)).toEqual([school.subjectStudentId]);
    expect((await results(otherTeacher)).map((doc) => doc.subjectStudentId)).toEqual([
      otherSchool.subjectStudentId,
    ]);
    const own = await results(student);
    expect(own).toEqual([expect.objectContaining({ studentId: school.studentId, finalScore: 70 })]);
  });

  it('refuses a teacher in-band while the subject does not allow it, but takes their comment', async () => {
    await allowTeachers(school, false);
    const base = await serverResult(school);
    const refused = await push(teacher, { ...base, finalScore: 75 }, base);
    expect(refused.conflicts).toEqual([{ document: base, reason: 'forbidden' }]);
    expect(refused.written).toEqual([]);

    // A base claiming the new value does not slip it past the rule: the server's own row is what changes.
    const forged = await push(teacher, { ...base, finalScore: 75 }, { ...base, finalScore: 75 });
    expect(forged.conflicts).toEqual([{ document: base, reason: 'forbidden' }]);

    const comment = await push(teacher, { ...base, comment: '努力しました' }, base);
    expect(comment.conflicts).toEqual([]);
    expect(await serverResult(school)).toMatchObject({ finalScore: 70, comment: '努力しました' });
    // A teacher of another class may not even comment, nor learn the row from the refusal; a student
    // writes nothing.
    const fresh = await serverResult(school);
    expect((await push(otherTeacher, { ...fresh, comment: 'x' }, fresh)).conflicts).toEqual([
      { document: { ...fresh, comment: 'x', updatedAt: 0, _deleted: true }, reason: 'forbidden' },
    ]);
    expect((await push(student, { ...fresh, finalScore: 80 }, fresh)).conflicts).toEqual([
      { document: fresh, reason: 'forbidden' },
    ]);
  });

  it('takes a teacher’s final score when the subject allows it, within 0 and the formula’s top', async () => {
    await allowTeachers(school, true);
    const base = await serverResult(school);
    expect((await push(teacher, { ...base, finalScore: 80.5 }, base)).conflicts).toEqual([
      { document: base, reason: 'invalid' },
    ]);
    expect((await push(teacher, { ...base, finalScore: 12.345 }, base)).conflicts).toEqual([
      { document: base, reason: 'invalid' },
    ]);
    expect((await push(teacher, { ...base, finalScore: 80 }, base, true)).conflicts).toEqual([]);
    expect(await serverResult(school)).toMatchObject({ finalScore: 80 });
    // Clearing it hands the final score back to the formula.
    const set = await serverResult(school);
    expect((await push(teacher, { ...set, finalScore: null }, set)).conflicts).toEqual([]);
    expect(await serverResult(school)).toMatchObject({ finalScore: null });
  });

  it('refuses a made-up id and a result carrying a score’s fields', async () => {
    const made = resultOf(otherSchool, { id: resultId(school.subjectStudentId).replace(/.$/, '0') });
    expect((await push(admin, made, null)).conflicts.map((conflict) => conflict.reason)).toEqual(['invalid']);
    const base = await serverResult(otherSchool);
    expect(
      (await push(admin, { ...base, points: 5 }, base)).conflicts.map((conflict) => conflict.reason),
    ).toEqual(['invalid']);
  });

  it('merges a final score and a comment changed at once from the same base, and keeps both in the history', async () => {
    await allowTeachers(otherSchool, true);
    const base = await serverResult(otherSchool);
    const otherActor: SyncActor = { id: otherSchool.teacherId, role: Role.teacher };
    expect((await push(otherActor, { ...base, finalScore: 64.5 }, base, true)).conflicts).toEqual([]);
    expect((await push(admin, { ...base, comment: '期末で挽回' }, base)).conflicts).toEqual([]);
    expect(await serverResult(otherSchool)).toMatchObject({ finalScore: 64.5, comment: '期末で挽回' });

    // Both changed the final score from the same base: the server's value stands and the loser hears why.
    const now = await serverResult(otherSchool);
    await push(admin, { ...now, finalScore: 50 }, now);
    const late = await push(otherActor, { ...now, finalScore: 60 }, now);
    expect(late.conflicts).toEqual([
      expect.objectContaining({ reason: 'field_conflict', fields: ['finalScore'] }),
    ]);
    expect(await serverResult(otherSchool)).toMatchObject({ finalScore: 50, comment: '期末で挽回' });

    const history = await t.app.appDeps.db
      .select()
      .from(resultHistory)
      .where(eq(resultHistory.resultId, base.id))
      .orderBy(resultHistory.changedAt);
    expect(history.map((row) => [row.oldFinalScore, row.newFinalScore, row.newComment, row.offline])).toEqual(
      [
        [null, 70, null, false],
        [70, 64.5, null, true],
        [64.5, 64.5, '期末で挽回', false],
        [64.5, 50, '期末で挽回', false],
      ],
    );
  });
});
