import { describe, expect, it } from 'vitest';
import { BROWSER_COLLECTIONS, LocalCollection, MAX_BROWSER_COLLECTIONS, SyncCollection } from './sync';
import { SYNC_DOC_SCHEMAS } from './sync-docs';

describe('the collection registry', () => {
  it('keeps the browser database within the collections RxDB opens, the device-only ones counted', () => {
    expect(BROWSER_COLLECTIONS.length).toBeLessThanOrEqual(MAX_BROWSER_COLLECTIONS);
    expect(BROWSER_COLLECTIONS).toEqual(expect.arrayContaining(Object.values(LocalCollection)));
  });

  it('names each collection once, and every replicated one has a document schema', () => {
    expect(new Set(BROWSER_COLLECTIONS).size).toBe(BROWSER_COLLECTIONS.length);
    expect(Object.keys(SYNC_DOC_SCHEMAS).sort()).toEqual(Object.values(SyncCollection).sort());
  });
});
