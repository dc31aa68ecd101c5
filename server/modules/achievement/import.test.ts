import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScoreImportPreview } from '../../../domain/schemas/achievement';
import { achievementId } from '../../../domain/sync-ids';
import { XLSX_MIME_TYPE } from '../../../domain/validation';
import type { Database } from '../../db/client';
import { achievements, students, subjectStudents } from '../../db/schema';
import { createScoreClassFixture, type ScoreClassFixture } from '../../testing/achievement-fixture';
import { buildTestApp, signIn, type TestApp, type TestSession } from '../../testing/test-app';
import { xlsxSheet } from '../../testing/xlsx';

let t: TestApp;
let db: Database;
let f: ScoreClassFixture;
let teacher: TestSession;
let fixtureIdentity: string;
let ownIdentity: string;

beforeAll(async () => {
  t = await buildTestApp();
  db = t.app.appDeps.db;
  teacher = await signIn(t.app, 'teacher@demo.test');
  f = await createScoreClassFixture(db);
  const identityOf = async (subjectStudentId: string) => {
    const [row] = await db
      .select({ identity: students.identity })
      .from(subjectStudents)
      .innerJoin(students, eq(students.id, subjectStudents.studentId))
      .where(eq(subjectStudents.id, subjectStudentId));
    if (!row) throw new Error('no student');
    return row.identity;
  };
  fixtureIdentity = await identityOf(f.subjectStudentId);
  ownIdentity = await identityOf(f.ownEnrolment);
});

afterAll(async () => {
  await t.close();
});

const sheet = xlsxSheet;

function upload(url: string, body: Buffer) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...teacher.headers(), 'content-type': XLSX_MIME_TYPE },
    payload: body,
  });
}

const previewUrl = () => `/api/achievement/import/${f.classId}/preview`;
const importUrl = () => `/api/achievement/import/${f.classId}`;

async function pointsOf(subjectStudentId: string, scoreNameId: string) {
  const [row] = await db
    .select({ points: achievements.points })
    .from(achievements)
    .where(eq(achievements.id, achievementId(subjectStudentId, scoreNameId)));
  return row?.points;
}

describe('achievement xlsx import', () => {
  it('previews a good sheet, then writes every score at once; blank is null and 0 is kept', async () => {
    const file = await sheet(
      ['学籍番号', '氏名', '筆記'],
      [
        [fixtureIdentity, '学生', 0],
        [ownIdentity, 'An', null],
      ],
    );
    const preview = await upload(previewUrl(), file);
    expect(preview.statusCode, preview.body).toBe(200);
    const body: ScoreImportPreview = preview.json();
    expect(body.valid).toBe(true);
    expect(body.rows.map((row) => row.points[f.scoreNameId])).toEqual([0, null]);
    expect(await pointsOf(f.subjectStudentId, f.scoreNameId)).toBeUndefined();

    const committed = await upload(importUrl(), file);
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json()).toEqual({ written: 2 });
    expect(await pointsOf(f.subjectStudentId, f.scoreNameId)).toBe(0);
    expect(await pointsOf(f.ownEnrolment, f.scoreNameId)).toBeNull();
  });

  it('names each bad header, unknown student and bad cell, and the import writes nothing', async () => {
    const file = await sheet(
      ['学籍番号', '氏名', '筆記', '出席点', 'レポート'],
      [
        [fixtureIdentity, '学生', 101, 1, 5],
        ['NOBODY-1', '誰か', 'abc', 2, 3],
      ],
    );
    const preview = await upload(previewUrl(), file);
    const body: ScoreImportPreview = preview.json();
    expect(body.valid).toBe(false);
    // レポート has sub-scores, entered on their own page, so the sheet cannot fill it.
    expect(body.columns.map((column) => column.error)).toEqual([
      null,
      'import_unknown_column',
      'import_unknown_column',
    ]);
    expect(body.rows.map((row) => row.errors)).toEqual([
      { 筆記: 'score_above_full' },
      { identity: 'import_unknown_student', 筆記: 'invalid_number' },
    ]);
    const committed = await upload(importUrl(), file);
    expect(committed.statusCode).toBe(422);
    expect(committed.json().errors).toMatchObject({
      'columns.1': ['import_unknown_column'],
      'rows.2.筆記': ['score_above_full'],
      'rows.3.identity': ['import_unknown_student'],
    });
    expect(await pointsOf(f.subjectStudentId, f.scoreNameId)).toBe(0);
  });

  it('refuses more than 50 students and more than 30 score columns', async () => {
    const tooManyRows = await sheet(
      ['学籍番号', '氏名', '筆記'],
      Array.from({ length: 51 }, (_, index) => [`S-${index}`, 'x', 1]),
    );
    const rows = await upload(previewUrl(), tooManyRows);
    expect(rows.statusCode).toBe(422);
    expect(rows.json().errors).toEqual({ file: ['import_too_many_students'] });
    const tooManyColumns = await sheet(
      ['学籍番号', '氏名', ...Array.from({ length: 31 }, (_, index) => `列${index}`)],
      [[fixtureIdentity, '学生']],
    );
    const columns = await upload(previewUrl(), tooManyColumns);
    expect(columns.json().errors).toEqual({ file: ['import_too_many_columns'] });
  });

  it('refuses a file that is not a zip, a broken workbook, an empty sheet and an oversized upload', async () => {
    const csv = await upload(previewUrl(), Buffer.from('学籍番号,筆記\nS-1,10\n'));
    expect(csv.json().errors).toEqual({ file: ['import_not_xlsx'] });
    const good = await sheet(['学籍番号', '氏名', '筆記'], [[fixtureIdentity, '学生', 1]]);
    const broken = Buffer.from(good);
    broken.fill(0x41, 200, 600);
    const brokenAnswer = await upload(previewUrl(), broken);
    expect(brokenAnswer.statusCode).toBe(422);
    expect(brokenAnswer.json().errors).toEqual({ file: ['import_malformed'] });
    const empty = await upload(previewUrl(), await sheet(['学籍番号', '氏名', '筆記'], []));
    expect(empty.json().errors).toEqual({ file: ['import_empty'] });
    const huge = await upload(previewUrl(), Buffer.concat([good, Buffer.alloc(1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
  });

  it('refuses a teacher of another class and a student', async () => {
    const file = await sheet(['学籍番号', '氏名', '筆記'], [[fixtureIdentity, '学生', 1]]);
    for (const email of ['teacher2@demo.test', 'student@demo.test']) {
      const other = await signIn(t.app, email);
      const response = await t.app.inject({
        method: 'POST',
        url: importUrl(),
        headers: { ...other.headers(), 'content-type': XLSX_MIME_TYPE },
        payload: file,
      });
      expect(response.statusCode).toBe(403);
    }
  });
});
