import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from './database-test-helper';
import type { SchoolDatabase } from './open-database';
import {
  discardIssue,
  pendingCount$,
  pendingEntries,
  reapplyIssue,
  recordIssue,
  settlePending,
  syncIssues$,
  trackLocalWrites,
} from './outbox';
import type { AttendanceDocType } from './synced-schemas';

let database: SchoolDatabase | undefined;

async function open(offline: { now: boolean }): Promise<SchoolDatabase> {
  database = await openTestDatabase('outbox');
  trackLocalWrites(database, () => offline.now);
  return database;
}

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

const attendance: AttendanceDocType = {
  id: 'a1',
  subjectId: 's',
  universityId: 'u',
  classStudentId: 'cs',
  studentId: 'st',
  scheduleId: 'sc',
  status: 1,
  lateMinutes: null,
  absenceReasons: null,
  comment: null,
  updatedAt: 5,
};

async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('condition not reached');
}

describe('outbox', () => {
  it('counts a local write as waiting, keeps it marked offline once written offline, and settles it', async () => {
    const offline = { now: true };
    const db = await open(offline);
    await db.attendance.insert(attendance);
    await until(async () => (await firstValueFrom(pendingCount$(db))) === 1);
    const firstAt = (await pendingEntries(db, 'attendance', ['a1'])).get('a1')?.at ?? 0;
    offline.now = false;
    await (await db.attendance.findOne('a1').exec())?.incrementalPatch({ comment: 'online edit' });
    await until(async () => ((await pendingEntries(db, 'attendance', ['a1'])).get('a1')?.at ?? 0) > firstAt);
    const entries = await pendingEntries(db, 'attendance', ['a1']);
    expect(entries.get('a1')).toMatchObject({ offline: true, collectionName: 'attendance' });

    await settlePending(db, [...entries.values()]);
    expect(await firstValueFrom(pendingCount$(db))).toBe(0);
  });

  it('lists a refused write, re-applies its local values over the current row, and discards another', async () => {
    const db = await open({ now: false });
    await db.attendance.insert({ ...attendance, comment: 'server' });
    await recordIssue(db, {
      collection: 'attendance',
      docId: 'a1',
      reason: 'field_conflict',
      fields: ['comment'],
      local: { ...attendance, status: 3, comment: 'mine' },
      at: 1,
    });
    await recordIssue(db, {
      collection: 'attendance',
      docId: 'a2',
      reason: 'forbidden',
      fields: [],
      local: null,
      at: 2,
    });
    const issues = await firstValueFrom(syncIssues$(db));
    expect(issues.map((issue) => [issue.docId, issue.reason])).toEqual([
      ['a2', 'forbidden'],
      ['a1', 'field_conflict'],
    ]);

    await reapplyIssue(db, 'issue:attendance:a1');
    const row = await db.attendance.findOne('a1').exec();
    // Only the conflicting field is written again; the status the server took stays.
    expect(row?.toJSON()).toMatchObject({ comment: 'mine', status: 1 });
    await discardIssue(db, 'issue:attendance:a2');
    expect(await firstValueFrom(syncIssues$(db))).toEqual([]);
  });
});
