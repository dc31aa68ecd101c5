import { z } from 'zod';
import { RequestStatus, RequestType } from '../../../domain/requests';
import { SortType } from '../../../domain/schemas/common';
import type { RequestSources } from '../../db/queries/requests';
import type { RequestDocType } from '../../db/synced-schemas';

/** One request as the screens show it: the document and the names of what it is about. */
export interface RequestRow {
  doc: RequestDocType;
  studentName: string;
  studentIdentity: string;
  subjectName: string;
  className: string | null;
  sitting: { day: string; startTime: string; lessonName: string } | null;
  scoreName: string | null;
  deciderName: string | null;
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
      waiting: doc.updatedAt === 0,
    };
  });
}

/** The status tabs of the request list (SPEC §3 filter statuses), numbered from 1 as they are remembered. */
export const REQUEST_TABS = [
  RequestStatus.requesting,
  RequestStatus.accepted,
  RequestStatus.rejected,
] as const;

/** Local-storage key of the last request-list tab (SPEC §2: remembered, default 1). */
export const REQUEST_TAB_STORAGE_KEY = 'request-list-tab';

const tabSchema = z.coerce.number().int().min(1).max(REQUEST_TABS.length);

/** The request list's URL search: its tab (1-3) and filters; anything unreadable is treated as absent. */
export const requestListSearchSchema = z.object({
  tab: tabSchema.optional().catch(undefined),
  param: z.string().max(255).optional().catch(undefined),
  type: z.coerce.number().int().min(0).max(3).optional().catch(undefined),
  subject: z.string().max(64).optional().catch(undefined),
  subjectClass: z.string().max(64).optional().catch(undefined),
  sortType: z.enum(SortType).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type RequestListSearch = z.infer<typeof requestListSearchSchema>;

/** The tab to show: the URL's when it names one, else the remembered one, else 1 (requesting). */
export function resolveRequestTab(searchTab: number | undefined, storage: Pick<Storage, 'getItem'>): number {
  const stored = tabSchema.safeParse(storage.getItem(REQUEST_TAB_STORAGE_KEY));
  return searchTab ?? (stored.success ? stored.data : 1);
}

/** Remembers the shown tab for the next visit. */
export function rememberRequestTab(tab: number, storage: Pick<Storage, 'setItem'>): void {
  storage.setItem(REQUEST_TAB_STORAGE_KEY, String(tab));
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
