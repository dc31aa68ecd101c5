import { nameKey } from '../../../domain/names';
import { SubjectDocKind } from '../../../domain/sync-docs';
import type { SubjectDocType } from '../../db/synced-schemas';
import type { SubjectListSearch } from './subject-list-search';

/** Subjects a page of the list shows. */
export const SUBJECTS_PER_PAGE = 10;

/** What the list reads of a subject document. */
export type SubjectListDoc = Pick<
  SubjectDocType,
  | 'id'
  | 'kind'
  | 'universityId'
  | 'subjectNameId'
  | 'facultyId'
  | 'yearCodeId'
  | 'startDate'
  | 'endDate'
  | 'publish'
>;

/** One line of the subject list. */
export interface SubjectListRow {
  id: string;
  name: string;
  university: string;
  faculty: string;
  yearCode: string;
  startDate: string;
  endDate: string;
  draft: boolean;
}

/**
 * The subject list from the local `subjects` collection (so it reads offline): the caller's subjects as the
 * server scoped them, filtered like `subject-by-user`, newest period first, one page, and the total.
 */
export function subjectListPage(
  docs: readonly SubjectListDoc[],
  names: ReadonlyMap<string, string>,
  search: SubjectListSearch,
  perPage: number = SUBJECTS_PER_PAGE,
): { rows: SubjectListRow[]; total: number; all: number } {
  const subjects = docs.filter((doc) => doc.kind === SubjectDocKind.subject);
  const nameOf = (id: string | null) => (id === null ? '' : (names.get(id) ?? ''));
  const param = nameKey(search.param);
  const matching = subjects
    .filter((doc) => search.university === '' || doc.universityId === search.university)
    .filter((doc) => search.faculty === '' || doc.facultyId === search.faculty)
    .filter((doc) => search.yearCode === '' || doc.yearCodeId === search.yearCode)
    .map((doc) => ({
      id: doc.id,
      name: nameOf(doc.subjectNameId),
      university: nameOf(doc.universityId),
      faculty: nameOf(doc.facultyId),
      yearCode: nameOf(doc.yearCodeId),
      startDate: doc.startDate ?? '',
      endDate: doc.endDate ?? '',
      draft: doc.publish === 0,
    }))
    .filter((row) => param === '' || nameKey(row.name).includes(param))
    .sort(
      (a, b) =>
        b.startDate.localeCompare(a.startDate) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
    );
  const start = (search.page - 1) * perPage;
  return { rows: matching.slice(start, start + perPage), total: matching.length, all: subjects.length };
}
