import { describe, expect, it } from 'vitest';
import { createPendingWritesStore, logoutDecision } from './pending-writes';

describe('pending writes and logout', () => {
  it('signs out at once with nothing waiting and asks, naming the count, otherwise', () => {
    expect(logoutDecision(0)).toEqual({ kind: 'sign-out' });
    expect(logoutDecision(3)).toEqual({ kind: 'ask', pending: 3 });
  });

  it('tells listeners when the count changes and never goes below zero', () => {
    const store = createPendingWritesStore();
    const seen: number[] = [];
    const stop = store.subscribe(() => seen.push(store.get()));
    store.set(2);
    store.set(2);
    store.set(-1);
    stop();
    store.set(5);
    expect(seen).toEqual([2, 0]);
    expect(store.get()).toBe(5);
  });
});
