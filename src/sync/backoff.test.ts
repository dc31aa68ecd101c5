import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBackoff } from './backoff';
import { settled } from './fake-timers-test-helper';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('backoff', () => {
  it('waits at least what the server asked for, though its own delay is shorter', async () => {
    const backoff = createBackoff(10, 100);
    const waiting = backoff.wait(3000);
    await vi.advanceTimersByTimeAsync(2999);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
  });

  it('a wake-up (network back, a socket notice) ends the wait early, but not before the server’s wait', async () => {
    const backoff = createBackoff(5000, 60_000);
    const waiting = backoff.wait(2000);
    await vi.advanceTimersByTimeAsync(100);
    backoff.wake();
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1899);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
  });

  it('a wake-up ends a wait the server named nothing for at once, and starts again from the shortest delay', async () => {
    const backoff = createBackoff(1000, 8000);
    void backoff.wait();
    const second = backoff.wait();
    expect(backoff.nextDelayMs).toBe(4000);
    backoff.wake();
    expect(await settled(second)).toBe(true);
    expect(backoff.nextDelayMs).toBe(1000);
  });
});
