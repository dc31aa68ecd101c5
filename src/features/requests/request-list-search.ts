import { RequestStatus } from '../../../domain/request-status';
import {
  optionalInteger,
  optionalOneOf,
  optionalText,
  type SearchOf,
  SortType,
  searchParser,
} from '../../../domain/search-params';

// Apart from the list itself: the route's search is part of the app's first script, which must not pull in
// the request rows and their documents.

/** The status tabs of the request list (SPEC §3 filter statuses), numbered from 1 as they are remembered. */
export const REQUEST_TABS = [
  RequestStatus.requesting,
  RequestStatus.accepted,
  RequestStatus.rejected,
] as const;

/** Local-storage key of the last request-list tab (SPEC §2: remembered, default 1). */
export const REQUEST_TAB_STORAGE_KEY = 'request-list-tab';

const readTab = optionalInteger(1, REQUEST_TABS.length);

const requestListSearchShape = {
  tab: readTab,
  param: optionalText(255),
  type: optionalInteger(0, 3),
  subject: optionalText(64),
  subjectClass: optionalText(64),
  sortType: optionalOneOf(Object.values(SortType)),
  page: optionalInteger(1),
};

/** The request list's URL search: its tab (1-3) and filters; anything unreadable is treated as absent. */
export const requestListSearch = searchParser(requestListSearchShape);
export type RequestListSearch = SearchOf<typeof requestListSearchShape>;

/** The tab to show: the URL's when it names one, else the remembered one, else 1 (requesting). */
export function resolveRequestTab(searchTab: number | undefined, storage: Pick<Storage, 'getItem'>): number {
  return searchTab ?? readTab(storage.getItem(REQUEST_TAB_STORAGE_KEY)) ?? 1;
}

/** Remembers the shown tab for the next visit. */
export function rememberRequestTab(tab: number, storage: Pick<Storage, 'setItem'>): void {
  storage.setItem(REQUEST_TAB_STORAGE_KEY, String(tab));
}
