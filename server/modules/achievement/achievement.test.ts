import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LessonType, PublishState } from '../../../domain/lessons';
import type { ClassAchievementResponse } from '../../../domain/schemas/achievement';
import { type AchievementDoc, AchievementDocKind } from '../../../domain/sync-docs';
import { achievementId, resultId } from '../../../domain/sync-ids';
import type { Database } from '../../db/client';
import { achievements, lessons, scoreHistory, scoreNames, subjectStudents } from '../../db/schema';
import { createScoreClassFixture, type ScoreClassFixture } from '../../testing/achievement-fixture';
import { call, waitForWatermark } from '../../testing/calls';
import { createSchoolFixture } from '../../testing/school-fixture';
import { buildTestApp, signIn, type TestApp, type TestSession } from '../../testing/test-app';

let t: TestApp;
let db: Database;
let f: ScoreClassFixture;
const sessions: Record<string, TestSession> = {};
/** The demo student's enrolment in the fixture subject. */
let ownEnrolment: string;
let parentId: string;
let partOneId: string;
let partTwoId: string;

const session = (name: string): TestSession => {
  const found = sessions[name];
  if (!found) throw new Error(`no session ${name}`);
  return found;
};

async function pointsOf(subjectStudentId: string, scoreNameId: string) {
  const [row] = await db
    .select({ points: achievements.points, comment: achievements.comment })
    .from(achievements)
    .where(eq(achievements.id, achievementId(subjectStudentId, scoreNameId)));
  return row ?? null;
}

async function historyCount(subjectStudentId: string, scoreNameId: string): Promise<number> {
  const rows = await db
    .select()
    .from(scoreHistory)
    .where(eq(scoreHistory.achievementId, achievementId(subjectStudentId, scoreNameId)));
  return rows.length;
}

const classUrl = (scoreNameId: string) => `/api/achievement/${scoreNameId}/${f.classId}`;

beforeAll(async () => {
  t = await buildTestApp();
  db = t.app.appDeps.db;
  for (const [name, email] of [
    ['teacher', 'teacher@demo.test'],
    ['teacher2', 'teacher2@demo.test'],
    ['admin', 'admin@demo.test'],
    ['student', 'student@demo.test'],
    ['student2', 'student2@demo.test'],
  ] as const) {
    sessions[name] = await signIn(t.app, email);
  }
  f = await createScoreClassFixture(db);
  ownEnrolment = f.ownEnrolment;
  parentId = f.parentId;
  partOneId = f.partOneId;
  partTwoId = f.partTwoId;
});

afterAll(async () => {
  await t.close();
});

describe('score entry calls', () => {
  it('a teacher enters a class score name; 0 is kept, GPA follows, the history records it', async () => {
    const response = await call(t.app, session('teacher'), 'POST', classUrl(f.scoreNameId), {
      achievements: [
        { subjectStudentId: f.subjectStudentId, point: 80, comment: 'よくできました' },
        { subjectStudentId: ownEnrolment, point: 0, comment: null },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const body: ClassAchievementResponse = response.json();
    const fixtureRow = body.students.find((row) => row.subject_student_id === f.subjectStudentId);
    const ownRow = body.students.find((row) => row.subject_student_id === ownEnrolment);
    expect(fixtureRow?.achievements.map((entry) => entry.points)).toEqual([80]);
    expect(fixtureRow?.gpa).toBe(3.2);
    expect(ownRow?.achievements.map((entry) => entry.points)).toEqual([0]);
    expect(ownRow?.gpa).toBe(0);
    // The formula reads レポート too, which nobody entered yet.
    expect(fixtureRow?.final_score).toBeNull();
    expect(await pointsOf(ownEnrolment, f.scoreNameId)).toEqual({ points: 0, comment: null });
    expect(await historyCount(f.subjectStudentId, f.scoreNameId)).toBe(1);
  });

  it('an empty point is stored as null and the comment is kept', async () => {
    const response = await call(t.app, session('teacher'), 'POST', classUrl(f.scoreNameId), {
      achievements: [{ subjectStudentId: f.subjectStudentId, point: '', comment: '欠席' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await pointsOf(f.subjectStudentId, f.scoreNameId)).toEqual({ points: null, comment: '欠席' });
  });

  it('a point above full score is refused with its code and nothing of the call is written', async () => {
    const before = await pointsOf(ownEnrolment, f.scoreNameId);
    const response = await call(t.app, session('teacher'), 'POST', classUrl(f.scoreNameId), {
      achievements: [
        { subjectStudentId: ownEnrolment, point: 50, comment: null },
        { subjectStudentId: f.subjectStudentId, point: 100.5, comment: null },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'achievements.1.point': ['score_above_full'] });
    expect(await pointsOf(ownEnrolment, f.scoreNameId)).toEqual(before);
  });

  it('text numbers, negative points and three decimals are refused', async () => {
    for (const point of ['80', -1, 1.005]) {
      const response = await call(t.app, session('teacher'), 'POST', classUrl(f.scoreNameId), {
        achievements: [{ subjectStudentId: ownEnrolment, point, comment: null }],
      });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['achievements.0.point']);
    }
  });

  it('a teacher not assigned to the class can neither read nor write its scores', async () => {
    const before = await pointsOf(ownEnrolment, f.scoreNameId);
    const write = await call(t.app, session('teacher2'), 'POST', classUrl(f.scoreNameId), {
      achievements: [{ subjectStudentId: ownEnrolment, point: 99, comment: null }],
    });
    expect(write.statusCode).toBe(403);
    const update = await call(
      t.app,
      session('teacher2'),
      'POST',
      `/api/achievement/updateScore/${f.scoreNameId}`,
      { achievements: [{ subjectStudentId: ownEnrolment, point: 99, comment: null }] },
    );
    expect(update.statusCode).toBe(403);
    const read = await call(t.app, session('teacher2'), 'GET', `/api/achievement/${f.classId}`);
    expect(read.statusCode).toBe(403);
    expect(await pointsOf(ownEnrolment, f.scoreNameId)).toEqual(before);
  });

  it('a student of another class is refused on a class call', async () => {
    const other = await createSchoolFixture(db);
    const response = await call(t.app, session('admin'), 'POST', classUrl(f.scoreNameId), {
      achievements: [{ subjectStudentId: other.subjectStudentId, point: 1, comment: null }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'achievements.0.subjectStudentId': ['invalid'] });
  });

  it('updateScore writes one score name across classes for an admin', async () => {
    const response = await call(
      t.app,
      session('admin'),
      'POST',
      `/api/achievement/updateScore/${f.scoreNameId}`,
      { achievements: [{ subjectStudentId: f.subjectStudentId, point: 90, comment: null }] },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await pointsOf(f.subjectStudentId, f.scoreNameId))?.points).toBe(90);
  });

  it('sub-scores set their parent to their sum, and the final score follows the formula', async () => {
    const response = await call(
      t.app,
      session('teacher'),
      'POST',
      `/api/achievement/enter-sub-scores/${f.classId}`,
      {
        scoreNameId: parentId,
        achievements: [
          { subjectStudentId: f.subjectStudentId, scoreNameId: partOneId, point: 8, comment: null },
          { subjectStudentId: f.subjectStudentId, scoreNameId: partTwoId, point: 9.5, comment: null },
        ],
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const body: ClassAchievementResponse = response.json();
    const row = body.students.find((student) => student.subject_student_id === f.subjectStudentId);
    expect(row?.achievements.find((entry) => entry.score_name.id === parentId)?.points).toBe(17.5);
    expect(row?.final_score).toBe(107.5);
    // GPA counts the parent once, not its parts again: (90 + 17.5) / 120 * 4.
    expect(row?.gpa).toBe(3.58);

    const sub = await call(
      t.app,
      session('teacher'),
      'GET',
      `/api/achievement/${f.classId}/sub-scores-achievements/${parentId}`,
    );
    expect(sub.statusCode).toBe(200);
    expect(sub.json().subScores.map((scoreName: { name: string }) => scoreName.name)).toEqual(['R1', 'R2']);
  });

  it('a sub-score above its own full score is refused', async () => {
    const response = await call(
      t.app,
      session('teacher'),
      'POST',
      `/api/achievement/enter-sub-scores/${f.classId}`,
      {
        scoreNameId: parentId,
        achievements: [
          { subjectStudentId: f.subjectStudentId, scoreNameId: partOneId, point: 11, comment: null },
        ],
      },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'achievements.0.point': ['score_above_full'] });
    expect((await pointsOf(f.subjectStudentId, partOneId))?.points).toBe(8);
  });

  it('an Idempotency-Key replay answers the first call without writing again', async () => {
    const payload = { achievements: [{ subjectStudentId: ownEnrolment, point: 12, comment: null }] };
    const headers = { ...session('teacher').headers(), 'idempotency-key': 'score-key-1' };
    const before = await historyCount(ownEnrolment, f.scoreNameId);
    const first = await t.app.inject({ method: 'POST', url: classUrl(f.scoreNameId), headers, payload });
    const replay = await t.app.inject({ method: 'POST', url: classUrl(f.scoreNameId), headers, payload });
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect(await historyCount(ownEnrolment, f.scoreNameId)).toBe(before + 1);
    const reused = await t.app.inject({
      method: 'POST',
      url: classUrl(f.scoreNameId),
      headers,
      payload: { achievements: [{ subjectStudentId: ownEnrolment, point: 13, comment: null }] },
    });
    expect(reused.statusCode).toBe(422);
  });

  it('an offline replay is recorded as offline in the history', async () => {
    await t.app.inject({
      method: 'POST',
      url: classUrl(f.scoreNameId),
      headers: { ...session('teacher').headers(), 'x-offline-origin': '1' },
      payload: { achievements: [{ subjectStudentId: ownEnrolment, point: 14, comment: null }] },
    });
    const rows = await db
      .select()
      .from(scoreHistory)
      .where(
        and(
          eq(scoreHistory.achievementId, achievementId(ownEnrolment, f.scoreNameId)),
          eq(scoreHistory.offline, true),
        ),
      );
    expect(rows.map((row) => row.newPoints)).toEqual([14]);
  });
});

describe('reading calls', () => {
  it('score names, final-score setting and total-score highlights', async () => {
    const names = await call(t.app, session('teacher'), 'GET', `/api/achievement/scoreNames/${f.classId}`);
    expect(names.json().scoreNames.map((row: { name: string }) => row.name)).toEqual([
      '筆記',
      'レポート',
      'R1',
      'R2',
    ]);
    const teacherAllowed = await call(
      t.app,
      session('teacher'),
      'GET',
      `/api/achievement/teacher-allow-update-final-score/${f.subjectId}`,
    );
    expect(teacherAllowed.json()).toEqual({ allowed: false });
    const adminAllowed = await call(
      t.app,
      session('admin'),
      'GET',
      `/api/achievement/teacher-allow-update-final-score/${f.subjectId}`,
    );
    expect(adminAllowed.json()).toEqual({ allowed: true });
    // The demo student's GPA (14 of 100 → 0.56) is below 2; the fixture student's (3.58) is not.
    const highlighted = await call(
      t.app,
      session('teacher'),
      'GET',
      `/api/achievement/students-total-score-highlight/${f.subjectId}/${f.classId}`,
    );
    expect(highlighted.statusCode).toBe(200);
    expect(highlighted.json().students.map((row: { name: string }) => row.name)).toEqual(['Nguyễn Văn An']);
  });

  it('student exam scores: read one score name with its parts, write the parts', async () => {
    const url = `/api/student-exam/subjects/${f.subjectId}/score-names/${parentId}`;
    const read = await call(t.app, session('teacher'), 'GET', url);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().scoreNames.map((row: { name: string }) => row.name)).toEqual(['レポート', 'R1', 'R2']);
    const write = await call(t.app, session('teacher'), 'POST', url, {
      achievements: [{ subjectStudentId: ownEnrolment, scoreNameId: partTwoId, point: 10, comment: null }],
    });
    expect(write.statusCode, write.body).toBe(200);
    expect((await pointsOf(ownEnrolment, parentId))?.points).toBe(10);
    const direct = await call(t.app, session('teacher'), 'POST', url, {
      achievements: [{ subjectStudentId: ownEnrolment, scoreNameId: parentId, point: 5, comment: null }],
    });
    expect(direct.statusCode).toBe(422);
  });

  it('a student may call none of the score calls, and pulls only their own scores', async () => {
    for (const url of [
      `/api/achievement/${f.classId}`,
      `/api/achievement/scoreNames/${f.classId}`,
      `/api/student-exam/subjects/${f.subjectId}/score-names/${f.scoreNameId}`,
    ]) {
      expect((await call(t.app, session('student'), 'GET', url)).statusCode).toBe(403);
    }
    await waitForWatermark(db);
    const own = await call(t.app, session('student'), 'GET', '/api/sync/achievements/pull?limit=1000');
    const ownDocs: AchievementDoc[] = own.json().documents;
    expect(ownDocs.length).toBeGreaterThan(0);
    expect(new Set(ownDocs.map((doc) => doc.subjectStudentId))).toEqual(new Set([ownEnrolment]));
    const classmate = await call(t.app, session('student2'), 'GET', '/api/sync/achievements/pull?limit=1000');
    const classmateDocs: AchievementDoc[] = classmate.json().documents;
    expect(classmateDocs.filter((doc) => doc.subjectStudentId === ownEnrolment)).toEqual([]);
  });
});

describe('draft exams (issue #17)', () => {
  it('leave their score names out of the grid until the exam is published', async () => {
    const partition = { subjectId: f.subjectId, universityId: f.universityId, seq: 1 };
    const [draft] = await db
      .insert(lessons)
      .values({ ...partition, name: '追試', type: LessonType.exam, publish: PublishState.draft })
      .returning();
    if (!draft) throw new Error('no draft exam');
    await db.insert(scoreNames).values({ ...partition, lessonId: draft.id, name: '追試点', fullScore: 100 });
    const columns = async () => {
      const grid = await call(t.app, session('teacher'), 'GET', `/api/achievement/${f.classId}`);
      return (grid.json() as ClassAchievementResponse).scoreNames.map((row) => row.name);
    };
    expect(await columns()).not.toContain('追試点');
    await db.update(lessons).set({ publish: PublishState.published }).where(eq(lessons.id, draft.id));
    expect(await columns()).toContain('追試点');
    await db.update(lessons).set({ deleted: true }).where(eq(lessons.id, draft.id));
  });
});

describe('the student profile call', () => {
  it('a student reads their own profile with highlight messages, and never another student’s', async () => {
    const [own] = await db
      .select({ studentId: subjectStudents.studentId })
      .from(subjectStudents)
      .where(eq(subjectStudents.id, ownEnrolment));
    if (!own) throw new Error('no enrolment');
    const mine = await call(
      t.app,
      session('student'),
      'GET',
      `/api/students/${own.studentId}/achievement-attendance`,
    );
    expect(mine.statusCode, mine.body).toBe(200);
    const [subject] = mine.json().subjects;
    expect(subject.subject.id).toBe(f.subjectId);
    expect(subject.achievement.gpa).toBeLessThan(2);
    expect(subject.messages).toEqual(['もう少し頑張りましょう']);
    const other = await call(
      t.app,
      session('student'),
      'GET',
      `/api/students/${f.studentId}/achievement-attendance`,
    );
    expect(other.statusCode).toBe(403);
    const byTeacher = await call(
      t.app,
      session('teacher'),
      'GET',
      `/api/students/${f.studentId}/achievement-attendance`,
    );
    expect(byTeacher.statusCode).toBe(200);
    expect(byTeacher.json().subjects[0].achievement.final_score).toBe(107.5);
    // A teacher who works in none of the student's subjects is refused (issue #16: the students scope).
    const byOtherTeacher = await call(
      t.app,
      session('teacher2'),
      'GET',
      `/api/students/${f.studentId}/achievement-attendance`,
    );
    expect(byOtherTeacher.statusCode).toBe(403);
  });
});

describe('the sync push shares the rules', () => {
  it('a pushed score above its full score comes back invalid', async () => {
    await waitForWatermark(db);
    const pulled = await call(t.app, session('teacher'), 'GET', '/api/sync/achievements/pull?limit=1000');
    const doc = (pulled.json().documents as AchievementDoc[]).find(
      (row) => row.id === achievementId(ownEnrolment, f.scoreNameId),
    );
    if (!doc) throw new Error('score not pulled');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sync/achievements/push',
      headers: session('teacher').headers(),
      payload: { rows: [{ newDocumentState: { ...doc, points: 101 }, assumedMasterState: doc }] },
    });
    expect(response.json().conflicts.map((row: { reason: string }) => row.reason)).toEqual(['invalid']);
    expect((await pointsOf(ownEnrolment, f.scoreNameId))?.points).toBe(doc.points);
  });

  it('a final score an admin set by hand is what the score table and the student profile answer', async () => {
    const [own] = await db
      .select({ studentId: subjectStudents.studentId })
      .from(subjectStudents)
      .where(eq(subjectStudents.id, ownEnrolment));
    if (!own) throw new Error('no enrolment');
    const result: AchievementDoc = {
      id: resultId(ownEnrolment),
      kind: AchievementDocKind.result,
      subjectId: f.subjectId,
      universityId: f.universityId,
      subjectStudentId: ownEnrolment,
      studentId: own.studentId,
      scoreNameId: '',
      fullScore: null,
      scheduleId: null,
      points: null,
      finalScore: 99.5,
      comment: '面談済み',
      updatedAt: 0,
      _deleted: false,
    };
    const pushed = await call(t.app, session('admin'), 'POST', '/api/sync/achievements/push', {
      rows: [{ newDocumentState: result, assumedMasterState: null }],
    });
    expect(pushed.json().conflicts).toEqual([]);
    const table = await call(t.app, session('teacher'), 'GET', `/api/achievement/${f.classId}`);
    const row = (table.json() as ClassAchievementResponse).students.find(
      (student) => student.subject_student_id === ownEnrolment,
    );
    expect(row).toMatchObject({ final_score: 99.5, comment: '面談済み' });
    const mine = await call(
      t.app,
      session('student'),
      'GET',
      `/api/students/${own.studentId}/achievement-attendance`,
    );
    expect(mine.json().subjects[0].achievement).toMatchObject({ final_score: 99.5, comment: '面談済み' });
  });
});
