import { describe, expect, it } from 'vitest';
import { afterEventDeleted, eventTab, inStoredOrder } from './events';
import { EventTab } from './events-search';

const today = '2025-05-10';
const event = (start_time: string, end_time: string) => ({ start_time, end_time });

describe('event tab', () => {
  it('puts an event that starts today in present', () => {
    expect(eventTab(event('2025-05-10 18:00:00', '2025-05-20 18:00:00'), today)).toBe(EventTab.present);
  });

  it('puts an event that ends today in present', () => {
    expect(eventTab(event('2025-05-01', '2025-05-10 00:00:00'), today)).toBe(EventTab.present);
  });

  it('puts an event starting tomorrow in future and one that ended yesterday in past', () => {
    expect(eventTab(event('2025-05-11', '2025-05-12'), today)).toBe(EventTab.future);
    expect(eventTab(event('2025-05-01', '2025-05-09 23:59:59'), today)).toBe(EventTab.past);
  });

  it('keeps a one-day event of today in present', () => {
    expect(eventTab(event('2025-05-10', '2025-05-10'), today)).toBe(EventTab.present);
  });
});

describe('deleting an event', () => {
  it('removes it from the sort list and keeps another selected filter', () => {
    expect(afterEventDeleted(['a', 'b', 'c'], 'c', 'b')).toEqual({ sortList: ['a', 'c'], selected: 'c' });
  });

  it('selects the first remaining event when the selected one is deleted', () => {
    expect(afterEventDeleted(['a', 'b'], 'a', 'a')).toEqual({ sortList: ['b'], selected: 'b' });
    expect(afterEventDeleted(['a'], 'a', 'a')).toEqual({ sortList: [], selected: null });
  });
});

describe('events filter order', () => {
  const choice = (id: string) => ({ id, name: `Event ${id}` });

  it('keeps the stored order, appends new events and drops deleted ones', () => {
    const result = inStoredOrder([choice('a'), choice('b'), choice('c'), choice('d')], ['c', 'x', 'a']);
    expect(result.order).toEqual(['c', 'a', 'b', 'd']);
    expect(result.choices.map((item) => item.id)).toEqual(['c', 'a', 'b', 'd']);
  });

  it('starts from the server order when nothing is stored', () => {
    expect(inStoredOrder([choice('b'), choice('a')], []).order).toEqual(['b', 'a']);
  });
});
