import { integerOr, oneOfOr, optionalText, type SearchOf, searchParser } from './search-params';

// Apart from the event rules in `events.ts`: the route's search is part of the app's first script (the
// sign-in page's), which needs neither those rules nor the dates they read.

/** The tabs of `/viblo/events` (SPEC §2), as the `tab` query parameter spells them. */
export const EventTab = { present: 'present', future: 'future', past: 'past' } as const;
export type EventTab = (typeof EventTab)[keyof typeof EventTab];

const eventsSearchShape = {
  tab: oneOfOr(Object.values(EventTab), EventTab.present),
  // The id of the selected event, as long as the search call accepts it; anything else shows every event.
  eventFilter: optionalText(255),
  page: integerOr(1, 1),
};
/** Search of `/viblo/events`: tab defaults to present and page to 1 (SPEC §2). */
export const eventsSearch = searchParser(eventsSearchShape);
/** Parsed search of `/viblo/events`. */
export type EventsSearch = SearchOf<typeof eventsSearchShape>;
