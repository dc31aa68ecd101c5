import type { StudentSearchQuery } from '../../../domain/schemas/people';
import {
  integerOr,
  optional,
  optionalOneOf,
  optionalText,
  type SearchField,
  type SearchOf,
  searchParser,
} from '../../../domain/search-params';

const text = optionalText(255);
const flag = optionalOneOf(['true', 'false']);

const studentsUrlSearchShape = {
  param: text,
  page: optional(integerOr(1, 1)),
  university: text,
  yearCode: text,
  faculty: text,
  jlpt: text,
  scholarship: flag,
  subject: text,
  lesson: text,
  classes: text,
  attendance: text,
  compareAttendance: text,
  numberAttendance: text,
  achievement: text,
  numberAchievement: text,
  grade: text,
  numberGrade: text,
  sortType: optionalOneOf(['asc', 'desc']),
  offYearCodeFilter: flag,
  scoreNameId: text,
} satisfies Partial<Record<keyof StudentSearchQuery, SearchField<unknown>>>;

/**
 * The `/students` search as the URL keeps it (SPEC §3 filter names), text as typed, so a shared or reloaded
 * link shows the same page. The server checks each value; an unreadable one shows its error, not a crash.
 */
export const studentsUrlSearch = searchParser(studentsUrlSearchShape);

/** Parsed `/students` search. */
export type StudentsUrlSearch = SearchOf<typeof studentsUrlSearchShape>;

/** The search without its empty filters, as the call and the stored view key take it. */
export function activeFilters(search: StudentsUrlSearch): StudentsUrlSearch {
  return Object.fromEntries(
    Object.entries(search).filter(([, value]) => value !== undefined && value !== ''),
  ) as StudentsUrlSearch;
}
