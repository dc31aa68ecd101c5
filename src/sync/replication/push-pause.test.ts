import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settled } from '../fake-timers-test-helper';
import { untilWritesPause } from './push-pause';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the push pause', () => {
  it('ends once the writes pause, every waiting write together', async () => {
    const pause = untilWritesPause({ quietMs: 100, longestMs: 1000 });
    const first = pause();
    await vi.advanceTimersByTimeAsync(80);
    const second = pause();
    await vi.advanceTimersByTimeAsync(80);
    expect(await settled(first)).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(await settled(first)).toBe(true);
    expect(await settled(second)).toBe(true);
  });

  it('ends at the longest wait after its first write, though the writes go on', async () => {
    const pause = untilWritesPause({ quietMs: 100, longestMs: 300 });
    const first = pause();
    let latest = first;
    for (let step = 0; step < 5; step++) {
      await vi.advanceTimersByTimeAsync(50);
      latest = pause();
    }
    expect(await settled(first)).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    expect(await settled(first)).toBe(true);
    expect(await settled(latest)).toBe(true);
  });

  it('starts a new wait for a write after the last one ended', async () => {
    const pause = untilWritesPause({ quietMs: 100, longestMs: 1000 });
    const first = pause();
    await vi.advanceTimersByTimeAsync(100);
    expect(await settled(first)).toBe(true);
    const next = pause();
    expect(await settled(next)).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(await settled(next)).toBe(true);
  });
});
