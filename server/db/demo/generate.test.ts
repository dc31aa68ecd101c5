import { describe, expect, it } from 'vitest';
import { AttendanceStatus } from '../../../domain/attendance';
import { codeValues } from '../../../domain/codes';
import { highlightRuleSchema } from '../../../domain/highlights';
import { RequestStatus } from '../../../domain/request-status';
import { RequestOption } from '../../../domain/requests';
import { StickyType, stickyVisibleTo } from '../../../domain/stickies';
import { SyncScope } from '../sequence';
import { DEMO_ACCOUNTS } from './accounts';
import { type DemoSchoolOptions, generateDemoSchool, STUDENTS_PER_SCALE, type TableRows } from './generate';

const seqs = Object.fromEntries(Object.values(SyncScope).map((scope, index) => [scope, index + 1])) as Record<
  SyncScope,
  number
>;

// Mid-January: the midterm of the autumn term has been held, the final has not.
const options: DemoSchoolOptions = {
  scale: 1,
  seed: 7,
  now: new Date('2027-01-15T03:00:00Z'),
  accountHashes: [],
  bulkHash: 'hash',
  seqs,
};

function rowsOf(tables: TableRows[], name: string): Record<string, unknown>[] {
  const found = tables.find((table) => table.name === name);
  if (!found) throw new Error(`no table ${name}`);
  return found.rows;
}

function countOf(tables: TableRows[], name: string): number {
  return rowsOf(tables, name).length;
}

describe('demo school generator', () => {
  it('gives the same rows, ids included, for the same seed and day, and other rows for another seed', () => {
    const first = generateDemoSchool(options);
    const second = generateDemoSchool(options);
    expect(second.map((table) => table.rows)).toEqual(first.map((table) => table.rows));
    const other = generateDemoSchool({ ...options, seed: 8 });
    expect(rowsOf(other, 'students').map((row) => row.id)).not.toEqual(
      rowsOf(first, 'students').map((row) => row.id),
    );
  });

  it('grows with the scale: 600 students, 30 subjects and 2 universities per step', () => {
    const one = generateDemoSchool(options);
    const three = generateDemoSchool({ ...options, scale: 3 });
    expect(countOf(one, 'students')).toBe(STUDENTS_PER_SCALE);
    expect(countOf(three, 'students')).toBe(3 * STUDENTS_PER_SCALE);
    expect(countOf(three, 'subjects')).toBe(3 * countOf(one, 'subjects'));
    expect(countOf(three, 'universities')).toBe(3 * countOf(one, 'universities'));
    expect(countOf(one, 'subjects')).toBe(30);
  });

  it('keeps only the named accounts and master data at scale 0', () => {
    const tables = generateDemoSchool({ ...options, scale: 0 });
    expect(rowsOf(tables, 'users').map((row) => row.email)).toEqual(
      expect.arrayContaining(DEMO_ACCOUNTS.map((account) => account.email)),
    );
    expect(countOf(tables, 'universities')).toBeGreaterThan(0);
    expect(tables.some((table) => table.name === 'subjects')).toBe(false);
  });

  it('names students in Japanese and Vietnamese, each with a katakana reading', () => {
    const users = rowsOf(generateDemoSchool(options), 'users').filter((row) =>
      String(row.email).endsWith('@students.demo.test'),
    );
    const names = users.map((row) => String(row.name));
    expect(names.some((name) => /[\u4e00-\u9fff]/u.test(name))).toBe(true);
    expect(names.some((name) => /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/iu.test(name))).toBe(
      true,
    );
    expect(users.every((row) => /^[\u30a0-\u30ff ・]+$/u.test(String(row.nameKana)))).toBe(true);
  });

  it('fills attendance and scores up to today only, and leaves part of them empty', () => {
    const tables = generateDemoSchool(options);
    const today = options.now.toISOString().slice(0, 10);
    const scheduleDay = new Map(rowsOf(tables, 'schedules').map((row) => [row.id, String(row.day)]));
    const attendance = rowsOf(tables, 'attendances');
    expect(attendance.every((row) => (scheduleDay.get(row.scheduleId) ?? '') < today)).toBe(true);
    expect(new Set(attendance.map((row) => row.status))).toEqual(new Set(codeValues(AttendanceStatus)));
    const pastPairs = rowsOf(tables, 'class_students').length; // at least one past schedule per student
    expect(attendance.length).toBeGreaterThan(pastPairs);
    const held = [...scheduleDay.values()].filter((day) => day < today).length;
    expect(held).toBeLessThan(scheduleDay.size);
    // Not every past sitting is entered: the partly filled sheet teachers open first.
    const perStudentsOfClass = rowsOf(tables, 'class_students').length * held;
    expect(attendance.length).toBeLessThan(perStudentsOfClass);

    const scoreNames = new Map(rowsOf(tables, 'score_names').map((row) => [row.id, row]));
    const scores = rowsOf(tables, 'achievements');
    expect(scores.length).toBeGreaterThan(0);
    expect(
      scores.every((row) => Number(row.points) <= Number(scoreNames.get(row.scoreNameId)?.fullScore)),
    ).toBe(true);
    expect(scores.some((row) => scoreNames.get(row.scoreNameId)?.name === '期末試験')).toBe(false);
    expect(scores.some((row) => scoreNames.get(row.scoreNameId)?.name === '中間試験')).toBe(true);
  });

  it('makes requests of every option and status, four statuses for the demo student', () => {
    const tables = generateDemoSchool(options);
    const requests = rowsOf(tables, 'requests');
    expect(new Set(requests.map((row) => row.option))).toEqual(new Set(codeValues(RequestOption)));
    expect(new Set(requests.map((row) => row.status))).toEqual(new Set(codeValues(RequestStatus)));
    const demoUser = rowsOf(tables, 'users').find((row) => row.email === 'student@demo.test');
    const demoStudent = rowsOf(tables, 'students').find((row) => row.userId === demoUser?.id);
    const own = requests.filter((row) => row.studentId === demoStudent?.id);
    expect(new Set(own.map((row) => row.status))).toEqual(new Set(codeValues(RequestStatus)));
  });

  it('gives every demo account notifications and the cards its role may see', () => {
    const tables = generateDemoSchool(options);
    const userOf = new Map(rowsOf(tables, 'users').map((row) => [row.id, row]));
    const stickies = rowsOf(tables, 'stickies');
    const notifications = rowsOf(tables, 'notifications');
    for (const account of DEMO_ACCOUNTS) {
      const mine = (row: Record<string, unknown>) => userOf.get(row.userId)?.email === account.email;
      expect(notifications.filter(mine).length).toBeGreaterThan(0);
      const cards = stickies.filter(mine);
      expect(cards.every((row) => stickyVisibleTo(account.role, row.type as StickyType))).toBe(true);
      if (stickyVisibleTo(account.role, StickyType.highlightAttendance))
        expect(cards.length).toBeGreaterThan(0);
    }
  });

  it("gives the admin's and the teacher's request cards a waiting request, with its text, student and subject", () => {
    const tables = generateDemoSchool(options);
    const userOf = new Map(rowsOf(tables, 'users').map((row) => [row.id, row]));
    const requestOf = new Map(rowsOf(tables, 'requests').map((row) => [row.id, row]));
    for (const email of ['admin@demo.test', 'teacher@demo.test']) {
      const cards = rowsOf(tables, 'stickies').filter(
        (row) =>
          userOf.get(row.userId)?.email === email &&
          (row.type === StickyType.request || row.type === StickyType.stickyRequest),
      );
      expect(cards.length).toBeGreaterThan(0);
      for (const card of cards) {
        const request = requestOf.get(card.requestId as string);
        expect(request?.status).toBe(RequestStatus.requesting);
        expect(card).toMatchObject({
          content: request?.content,
          subjectId: request?.subjectId,
          classId: request?.classId,
          studentId: request?.studentId,
        });
      }
    }
  });

  it('writes highlight rules the domain accepts', () => {
    for (const row of rowsOf(generateDemoSchool(options), 'highlights')) {
      const rule = {
        type: row.type,
        condition_type: row.conditionType,
        compare_type: row.compareType,
        value: row.value,
      };
      expect(highlightRuleSchema.safeParse(rule).success).toBe(true);
    }
  });

  it('books no room and no teacher into two sittings at one time, at every scale step the bench uses', () => {
    for (const scale of [1, 2]) {
      const tables = generateDemoSchool({ ...options, scale });
      const teachersOf = new Map<string, string[]>();
      for (const row of rowsOf(tables, 'schedule_teachers')) {
        const scheduleId = String(row.scheduleId);
        teachersOf.set(scheduleId, [...(teachersOf.get(scheduleId) ?? []), String(row.teacherId)]);
      }
      const held = new Map<string, string>();
      const clashes: string[] = [];
      for (const row of rowsOf(tables, 'schedules')) {
        const when = `${String(row.day)} ${String(row.startTime)}`;
        const uses = [
          ...(row.roomId ? [`room ${String(row.roomId)}`] : []),
          ...(teachersOf.get(String(row.id)) ?? []).map((id) => `teacher ${id}`),
        ];
        for (const use of uses) {
          const other = held.get(`${when} ${use}`);
          if (other) clashes.push(`${when} ${use}: ${other} and ${String(row.id)}`);
          held.set(`${when} ${use}`, String(row.id));
        }
      }
      // The demo's sittings all take one of the fixed periods, so the same start is the same time.
      expect(clashes).toEqual([]);
      expect(held.size).toBeGreaterThan(0);
    }
  });
});
