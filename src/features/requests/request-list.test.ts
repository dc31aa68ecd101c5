import { describe, expect, it } from 'vitest';
import { mayCancelRequest } from '../../../domain/permissions';
import { RequestStatus } from '../../../domain/request-status';
import { RequestOption, RequestType } from '../../../domain/requests';
import { Role } from '../../../domain/roles';
import { personRow } from '../../db/database-test-helper';
import type { PersonDocType, RequestDocType } from '../../db/synced-schemas';
import { sittingRange } from './request-form';
import { filterRequests, joinRequests, REQUEST_PAGE_SIZE, type RequestRow } from './request-list';
import { resolveRequestTab } from './request-list-search';

function row(id: string, patch: Partial<RequestDocType> = {}, names: Partial<RequestRow> = {}): RequestRow {
  return {
    doc: {
      id,
      subjectId: 's1',
      universityId: 'u1',
      studentId: 'st1',
      classId: 'c1',
      scheduleId: null,
      scoreNameId: null,
      type: RequestType.other,
      status: RequestStatus.requesting,
      option: RequestOption.other,
      attendanceKind: null,
      confirmKind: null,
      acceptReason: null,
      lateMinutes: null,
      points: null,
      content: `request ${id}`,
      rejectReason: null,
      decidedBy: null,
      decidedAt: null,
      filedBy: null,
      createdAt: `2026-05-${id.padStart(2, '0')}T09:00:00.000Z`,
      updatedAt: 1,
      ...patch,
    },
    studentName: '山田',
    studentIdentity: 'S-1',
    studentUserId: 'u-st1',
    subjectName: '日本語',
    className: 'A組',
    sitting: null,
    scoreName: null,
    deciderName: null,
    filerName: null,
    waiting: false,
    ...names,
  };
}

describe('the request list', () => {
  const rows = [
    row('1'),
    row('2', { status: RequestStatus.accepted }),
    row('3', { status: RequestStatus.rejected, content: '電車遅延' }),
    row('4', { type: RequestType.attendance, subjectId: 's2', classId: 'c2' }),
    row('5', { status: RequestStatus.cancelled }),
  ];

  it('shows one status per tab, newest first, and no cancelled request in any tab', () => {
    expect(filterRequests(rows, 1, {}).rows.map((r) => r.doc.id)).toEqual(['4', '1']);
    expect(filterRequests(rows, 2, {}).rows.map((r) => r.doc.id)).toEqual(['2']);
    expect(filterRequests(rows, 3, {}).rows.map((r) => r.doc.id)).toEqual(['3']);
    expect(filterRequests(rows, 1, { sortType: 'asc' }).rows.map((r) => r.doc.id)).toEqual(['1', '4']);
  });

  it('filters by text, type, subject and class', () => {
    expect(filterRequests(rows, 3, { param: '遅延' }).total).toBe(1);
    expect(filterRequests(rows, 1, { param: 's-1' }).total).toBe(2);
    expect(filterRequests(rows, 1, { type: RequestType.attendance }).rows.map((r) => r.doc.id)).toEqual([
      '4',
    ]);
    expect(filterRequests(rows, 1, { subject: 's1' }).rows.map((r) => r.doc.id)).toEqual(['1']);
    expect(filterRequests(rows, 1, { subjectClass: 'c2' }).rows.map((r) => r.doc.id)).toEqual(['4']);
  });

  it('pages by ten', () => {
    const many = Array.from({ length: 23 }, (_, index) => row(String(index + 1)));
    expect(filterRequests(many, 1, { page: 3 })).toMatchObject({ total: 23 });
    expect(filterRequests(many, 1, { page: 3 }).rows).toHaveLength(23 - 2 * REQUEST_PAGE_SIZE);
  });

  it('remembers the tab, 1 by default, the URL first', () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(resolveRequestTab(undefined, storage(null))).toBe(1);
    expect(resolveRequestTab(undefined, storage('3'))).toBe(3);
    expect(resolveRequestTab(undefined, storage('9'))).toBe(1);
    expect(resolveRequestTab(2, storage('3'))).toBe(2);
  });
});

describe('a range of sittings', () => {
  const sittings = ['a', 'b', 'c', 'd'].map((id) => ({
    id,
    day: '2026-05-01',
    startTime: '09:00',
    lessonName: '',
  }));
  it('covers the sittings from the first to the last chosen, or the first alone', () => {
    expect(sittingRange(sittings, 'b', 'd')).toEqual(['b', 'c', 'd']);
    expect(sittingRange(sittings, 'b', '')).toEqual(['b']);
    expect(sittingRange(sittings, 'c', 'a')).toEqual([]);
    expect(sittingRange(sittings, 'x', '')).toEqual([]);
  });
});

describe('joining a request with its names', () => {
  const student = personRow({ id: 'user-7', studentId: 'st1', identity: 'S007', universityId: 'u1' });
  const sources = (people: PersonDocType[]) => ({
    requests: [row('1').doc],
    subjects: [],
    schedules: [],
    lessons: [],
    master: [],
    people,
  });

  it('names the student’s user, so the student it is about (and no other) may cancel it', () => {
    const [joined] = joinRequests(sources([student]));
    expect(joined?.studentUserId).toBe('user-7');
    expect(joined?.studentIdentity).toBe('S007');
    const cancelBy = (id: string) =>
      mayCancelRequest(
        { id, role: Role.student },
        { student_id: joined?.studentUserId ?? '', filed_by: null },
      );
    expect(cancelBy('user-7')).toBe(true);
    expect(cancelBy('user-8')).toBe(false);
  });

  it('leaves the user unknown while the student’s name card is not on this device', () => {
    expect(joinRequests(sources([]))[0]?.studentUserId).toBeNull();
  });
});
