import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { Role } from '../../../domain/roles';
import { achievementId } from '../../../domain/sync-ids';
import { ValidationCode } from '../../../domain/validation-codes';
import { openDatabase, type SchoolDatabase } from '../../db/open-database';
import { enterScore, type ScoreTarget } from './achievement-commands';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

const teacher = { id: 'teacher-1', role: Role.teacher };
const parent = { id: 'midterm', fullScore: 100, partIds: ['written', 'oral'] };

/** The target of one sub-score of the student's midterm. */
function partTarget(partId: string): ScoreTarget {
  return {
    subjectClass: { subjectId: 'subject-1', universityId: 'university-1', teacherIds: [teacher.id] },
    subjectStudentId: 'enrolment-1',
    studentId: 'student-1',
    scoreName: { id: partId, fullScore: 50 },
    parent,
  };
}

async function openScores(): Promise<SchoolDatabase> {
  return openDatabase(`scores-${Date.now()}`, {
    dexie: { indexedDB, IDBKeyRange },
    multiInstance: false,
    only: ['achievements'],
  });
}

async function storedPoints(db: SchoolDatabase, scoreNameId: string) {
  return (await db.achievements.findOne(achievementId('enrolment-1', scoreNameId)).exec())?.points;
}

describe('entering sub-scores', () => {
  it('keeps the parent the sum of the stored parts when entries overlap', async () => {
    database = await openScores();
    await enterScore(database, teacher, partTarget('written'), { pointText: '30' });
    await enterScore(database, teacher, partTarget('oral'), { pointText: '20' });
    expect(await storedPoints(database, 'midterm')).toBe(50);

    // Enter pressed on one part and the next part entered at once, the first entry repeated on leaving
    // its cell: however they interleave, the parent ends as the sum of what is stored.
    await Promise.all([
      enterScore(database, teacher, partTarget('written'), { pointText: '10.5' }),
      enterScore(database, teacher, partTarget('oral'), { pointText: '3' }),
      enterScore(database, teacher, partTarget('written'), { pointText: '10.5' }),
    ]);
    expect(await storedPoints(database, 'written')).toBe(10.5);
    expect(await storedPoints(database, 'oral')).toBe(3);
    expect(await storedPoints(database, 'midterm')).toBe(13.5);
  });

  it('refuses a part whose sum would pass the parent’s full score, and writes nothing', async () => {
    database = await openScores();
    const full = { ...partTarget('written'), parent: { ...parent, fullScore: 40 } };
    await enterScore(
      database,
      teacher,
      { ...full, scoreName: { id: 'oral', fullScore: 50 } },
      { pointText: '30' },
    );
    expect(await enterScore(database, teacher, full, { pointText: '20' })).toBe(
      ValidationCode.scoreAboveFull,
    );
    expect(await storedPoints(database, 'written')).toBeUndefined();
    expect(await storedPoints(database, 'midterm')).toBe(30);
  });
});
