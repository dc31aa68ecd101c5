import { RequestStatus } from '../../../domain/request-status';
import { RequestType } from '../../../domain/requests';
import { SortType } from '../../../domain/search-params';
import type { RequestSources } from '../../db/queries/requests';
import type { RequestDocType } from '../../db/synced-schemas';
import { REQUEST_TABS, type RequestListSearch } from './request-list-search';

/** One request as the screens show it: the document and the names of what it is about. */
export interface RequestRow {
  doc: RequestDocType;
  studentName: string;
  studentIdentity: string;
  /** The student's user id, which the permission rules compare with the signer's; null while their name card is not on this device. */
  studentUserId: string | null;
  subjectName: string;
  className: string | null;
  sitting: { day: string; startTime: string; lessonName: string } | null;
  scoreName: string | null;
  deciderName: string | null;
  /** The guardian who filed it for their child (issue 43), by name; null when the student filed it or the name is not on this device. */
  filerName: string | null;
  /** Filed on this device and not on the server yet (it has no server sequence). */
  waiting: boolean;
}

/** Joins each local request with the names it shows; a name not on this device yet is empty. */
export function joinRequests(sources: RequestSources): RequestRow[] {
  const subjects = new Map(sources.subjects.map((row) => [row.id, row]));
  const master = new Map(sources.master.map((row) => [row.id, row.name]));
  const schedules = new Map(sources.schedules.map((row) => [row.id, row]));
  const lessons = new Map(sources.lessons.map((row) => [row.id, row.name]));
  const students = new Map(sources.people.flatMap((row) => (row.studentId ? [[row.studentId, row]] : [])));
  const people = new Map(sources.people.map((row) => [row.id, row.name]));
  const nameOf = (id: string | null, field: 'subjectNameId' | 'classNameId') => {
    const row = id ? subjects.get(id) : undefined;
    const nameId = row?.[field];
    return nameId ? (master.get(nameId) ?? '') : '';
  };
  return sources.requests.map((doc) => {
    const schedule = doc.scheduleId ? schedules.get(doc.scheduleId) : undefined;
    const student = students.get(doc.studentId);
    return {
      doc,
      studentName: student?.name ?? '',
      studentIdentity: student?.identity ?? '',
      studentUserId: student?.id ?? null,
      subjectName: nameOf(doc.subjectId, 'subjectNameId'),
      className: doc.classId ? nameOf(doc.classId, 'classNameId') : null,
      sitting: schedule
        ? {
            day: schedule.day,
            startTime: schedule.startTime,
            lessonName: lessons.get(schedule.lessonId) ?? '',
          }
        : null,
      scoreName: doc.scoreNameId ? (subjects.get(doc.scoreNameId)?.name ?? '') : null,
      deciderName: doc.decidedBy ? (people.get(doc.decidedBy) ?? null) : null,
      filerName: doc.filedBy ? (people.get(doc.filedBy) ?? null) : null,
      waiting: doc.updatedAt === 0,
    };
  });
}

/** Requests per page of the list. */
export const REQUEST_PAGE_SIZE = 10;

/**
 * The rows of one tab matching the filters (SPEC §3: param, type, subject, subjectClass, sortType), newest
 * first unless sorted ascending, and the page asked for with the total.
 */
export function filterRequests(
  rows: readonly RequestRow[],
  tab: number,
  search: RequestListSearch,
): { rows: RequestRow[]; total: number } {
  const status = REQUEST_TABS[tab - 1] ?? RequestStatus.requesting;
  const text = search.param?.trim().toLowerCase() ?? '';
  const matching = rows.filter(
    (row) =>
      row.doc.status === status &&
      (search.type === undefined || row.doc.type === search.type) &&
      (!search.subject || row.doc.subjectId === search.subject) &&
      (!search.subjectClass || row.doc.classId === search.subjectClass) &&
      (text === '' ||
        [row.doc.content, row.studentName, row.studentIdentity].some((value) =>
          value.toLowerCase().includes(text),
        )),
  );
  const direction = search.sortType === SortType.asc ? 1 : -1;
  const sorted = [...matching].sort(
    (a, b) =>
      direction * (a.doc.createdAt.localeCompare(b.doc.createdAt) || a.doc.id.localeCompare(b.doc.id)),
  );
  const page = search.page ?? 1;
  return {
    rows: sorted.slice((page - 1) * REQUEST_PAGE_SIZE, page * REQUEST_PAGE_SIZE),
    total: sorted.length,
  };
}

/** Whether a request is about a sitting (attendance notice or confirm). */
export const isAboutSitting = (type: number) =>
  type === RequestType.attendance || type === RequestType.attendanceConfirm;
