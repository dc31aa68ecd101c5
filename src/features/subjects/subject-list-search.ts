import { integerOr, type SearchOf, searchParser, textOrEmpty } from '../../../domain/search-params';

// Apart from the list itself: the route's search is part of the app's first script, which must not pull in
// the subject documents' schemas.
const subjectListSearchShape = {
  param: textOrEmpty(),
  university: textOrEmpty(),
  yearCode: textOrEmpty(),
  faculty: textOrEmpty(),
  page: integerOr(1, 1),
};

/** The list's search (SPEC §3 subject search: param, page, university, yearCode, faculty), in the URL. */
export const subjectListSearch = searchParser(subjectListSearchShape);
/** The subject list's search. */
export type SubjectListSearch = SearchOf<typeof subjectListSearchShape>;
