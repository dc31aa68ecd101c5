import { describe, expect, it } from 'vitest';
import { eventsSearch } from './events-search';

describe('events search', () => {
  it('defaults to the present tab and page 1, and recovers from bad values', () => {
    expect(eventsSearch.parse({})).toEqual({ tab: 'present', page: 1 });
    expect(eventsSearch.parse({ tab: 'later', page: '-3' })).toEqual({ tab: 'present', page: 1 });
    expect(eventsSearch.parse({ tab: 'past', page: '2', eventFilter: 'x' })).toEqual({
      tab: 'past',
      page: 2,
      eventFilter: 'x',
    });
  });

  it('opens a hand-edited link whose event filter is not text, showing every event', () => {
    expect(eventsSearch.parse({ tab: 'future', eventFilter: 3 })).toEqual({
      tab: 'future',
      page: 1,
      eventFilter: undefined,
    });
    expect(eventsSearch.parse({ eventFilter: { id: 'x' } }).eventFilter).toBeUndefined();
    expect(eventsSearch.parse({ eventFilter: 'x'.repeat(256) }).eventFilter).toBeUndefined();
  });
});
