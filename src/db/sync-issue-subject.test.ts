import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { AttendanceStatus } from '../../domain/attendance';
import { PlanPublish } from '../../domain/lessons';
import { AchievementDocKind, NoteKind, SubjectDocKind } from '../../domain/sync-docs';
import {
  lessonRow,
  openTestDatabase,
  personRow,
  planRow,
  scheduleRow,
  subjectRow,
} from './database-test-helper';
import type { SchoolDatabase } from './open-database';
import { recordIssue, syncIssues$ } from './outbox';
import { describeSyncIssue, issueValues } from './sync-issue-subject';
import type { AchievementDocType, AttendanceDocType, SubjectDocType } from './synced-schemas';

let database: SchoolDatabase | undefined;

async function open(): Promise<SchoolDatabase> {
  database = await openTestDatabase('issue-subject');
  return database;
}

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

const student = personRow({ id: 'user-7', studentId: 'student-7', identity: 'S007' });

const schedule = scheduleRow({ id: 'schedule-3' });

const scoreName: SubjectDocType = subjectRow({
  id: 'score-name-2',
  kind: SubjectDocKind.scoreName,
  subjectId: 'subject-1',
  universityId: 'u',
  name: '中間試験',
  fullScore: 100,
  position: 1,
});

const mark: AttendanceDocType & { _deleted: boolean } = {
  id: 'cs-1:schedule-3',
  subjectId: 'subject-1',
  universityId: 'u',
  classStudentId: 'cs-1',
  studentId: 'student-7',
  scheduleId: 'schedule-3',
  status: AttendanceStatus.late,
  lateMinutes: 10,
  absenceReasons: null,
  comment: 'バス遅延',
  updatedAt: 4,
  _deleted: false,
};

const score: AchievementDocType & { _deleted: boolean } = {
  id: 'ss-1:score-name-2',
  kind: AchievementDocKind.score,
  subjectId: 'subject-1',
  universityId: 'u',
  subjectStudentId: 'ss-1',
  studentId: 'student-7',
  scoreNameId: 'score-name-2',
  fullScore: 100,
  scheduleId: null,
  points: 72.5,
  finalScore: null,
  comment: null,
  updatedAt: 4,
  _deleted: false,
};

async function issueOf(
  db: SchoolDatabase,
  collection: string,
  local: Record<string, unknown> & { id: string },
  fields: string[],
) {
  await recordIssue(db, { collection, docId: local.id, reason: 'field_conflict', fields, local, at: 1 });
  const [issue] = await firstValueFrom(syncIssues$(db));
  if (!issue) throw new Error('the issue was not recorded');
  return issue;
}

const plan = planRow({ id: 'plan-1', content: '第3章を読む' });

describe('sync issue subjects', () => {
  it('names the student and the sitting of a refused mark, and the values the device wrote', async () => {
    const db = await open();
    await db.people.insert(student);
    await db.schedules.insert(schedule);
    const issue = await issueOf(db, 'attendance', { ...mark, lateMinutes: null }, [
      'status',
      'lateMinutes',
      'comment',
    ]);

    expect(await describeSyncIssue(db, issue)).toEqual({
      kind: 'attendance',
      studentName: '山田 花子',
      day: '2026-11-20',
      startTime: '09:00',
    });
    expect(issueValues(issue)).toEqual([
      { field: 'status', value: AttendanceStatus.late },
      { field: 'comment', value: 'バス遅延' },
    ]);
  });

  it('names the student and the score name of a refused score, and a final score as such', async () => {
    const db = await open();
    await db.people.insert(student);
    await db.subjects.insert(scoreName);

    const scoreIssue = await issueOf(db, 'achievements', score, ['points']);
    expect(await describeSyncIssue(db, scoreIssue)).toEqual({
      kind: 'score',
      studentName: '山田 花子',
      scoreName: '中間試験',
    });
    await db.outbox.findOne(scoreIssue.id).remove();

    const result = { ...score, id: 'ss-1', kind: AchievementDocKind.result, scoreNameId: '', finalScore: 80 };
    const resultIssue = await issueOf(db, 'achievements', result, ['finalScore']);
    expect(await describeSyncIssue(db, resultIssue)).toEqual({
      kind: 'finalScore',
      studentName: '山田 花子',
    });
    expect(issueValues(resultIssue)).toEqual([{ field: 'finalScore', value: 80 }]);
  });

  it('names the lesson and the sitting of a refused lesson plan, and its status in words', async () => {
    const db = await open();
    await db.schedules.insert(schedule);
    await db.lessons.insert(lessonRow({ id: 'lesson-1', name: '第3回 関数' }));
    const issue = await issueOf(db, 'notes', plan, ['content', 'publish']);

    expect(await describeSyncIssue(db, issue)).toEqual({
      kind: 'plan',
      lessonName: '第3回 関数',
      day: '2026-11-20',
      startTime: '09:00',
    });
    expect(issueValues(issue)).toEqual([
      { field: 'content', value: '第3章を読む' },
      { field: 'publish', value: PlanPublish.published },
    ]);
    await db.outbox.findOne(issue.id).remove();

    // A memo is no plan: named by its collection only.
    const memo = await issueOf(db, 'notes', { ...plan, id: 'memo-1', kind: NoteKind.memo }, ['content']);
    expect(await describeSyncIssue(db, memo)).toEqual({ kind: 'other', collection: 'notes' });
  });

  it('leaves names it cannot find empty, names other writes by their collection, and shows a write that emptied a mark', async () => {
    const db = await open();
    const markIssue = await issueOf(db, 'attendance', mark, []);
    expect(await describeSyncIssue(db, markIssue)).toEqual({
      kind: 'attendance',
      studentName: null,
      day: null,
      startTime: null,
    });
    expect(issueValues(markIssue)).toEqual([]);
    await db.outbox.findOne(markIssue.id).remove();

    const request = await issueOf(db, 'requests', { id: 'request-1' }, []);
    expect(await describeSyncIssue(db, request)).toEqual({ kind: 'other', collection: 'requests' });
    await db.outbox.findOne(request.id).remove();

    const cleared = await issueOf(db, 'attendance', { ...mark, status: null, lateMinutes: null }, [
      'status',
      'lateMinutes',
    ]);
    expect(issueValues(cleared)).toEqual([
      { field: 'status', value: null },
      { field: 'lateMinutes', value: null },
    ]);
  });
});
