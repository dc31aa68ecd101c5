import { describe, expect, it } from 'vitest';
import { apiRequest } from '../sync/http';
import { createLoadingCounter, loadingCounter } from './loading-counter';

describe('loading counter', () => {
  it('counts calls in flight and never goes below zero', () => {
    const counter = createLoadingCounter();
    const seen: number[] = [];
    counter.subscribe(() => seen.push(counter.count()));
    counter.start('/api/sticky');
    counter.start('/api/notification?page=2');
    counter.end('/api/sticky');
    counter.end('/api/notification?page=2');
    counter.end('/api/stray');
    expect(seen).toEqual([1, 2, 1, 0, 0]);
  });

  it('shows nothing for the master-data call', () => {
    const counter = createLoadingCounter();
    counter.start('/master-data');
    expect(counter.count()).toBe(0);
  });

  it('follows calls made through apiRequest, including failed ones', async () => {
    let release: (response: Response) => void = () => {};
    const pending = apiRequest(
      'GET',
      '/api/me',
      undefined,
      () => new Promise((resolve) => (release = resolve)),
    );
    expect(loadingCounter.count()).toBe(1);
    release(new Response('{}', { status: 500 }));
    await expect(pending).rejects.toThrow();
    expect(loadingCounter.count()).toBe(0);
  });
});
