import { describe, expect, it } from 'vitest';
import type { Backoff } from '../backoff';
import { HttpError } from '../http';
import { NetworkDownError, SignInRequiredError, UpdateRequiredError } from '../sync-request';
import { createRetry } from './retry';

/** A backoff that records what it is asked and waits for nothing. */
function recordingBackoff() {
  const calls: string[] = [];
  const backoff: Backoff = {
    wait: async (atLeastMs) => {
      calls.push(`wait ${atLeastMs ?? '-'}`);
    },
    wake: () => calls.push('wake'),
    reset: () => calls.push('reset'),
    nextDelayMs: 0,
  };
  return { backoff, calls };
}

function retryWith(backoff: Backoff) {
  const asked: string[] = [];
  const retry = createRetry({
    backoff,
    onSignInRequired: (closed) => asked.push(closed ? 'sign-in (closed)' : 'sign-in'),
    onUpdateRequired: () => asked.push('update'),
  });
  return { retry, asked };
}

describe('the retry step', () => {
  it('waits out the backoff after a failure, then throws it so RxDB retries, and is unhealthy until a success', async () => {
    const { backoff, calls } = recordingBackoff();
    const { retry, asked } = retryWith(backoff);
    expect(retry.healthy).toBe(true);
    const error = new NetworkDownError();
    await expect(retry.failed(error)).rejects.toBe(error);
    expect(retry.healthy).toBe(false);
    expect(asked).toEqual([]);
    retry.succeeded();
    expect(retry.healthy).toBe(true);
    retry.wake();
    expect(calls).toEqual(['wait -', 'reset', 'wake']);
  });

  it('waits at least what a server shedding load asked (Retry-After)', async () => {
    const { backoff, calls } = recordingBackoff();
    const { retry } = retryWith(backoff);
    await expect(retry.failed(new HttpError(503, undefined, 7000))).rejects.toBeInstanceOf(HttpError);
    expect(calls).toEqual(['wait 7000']);
  });

  it('asks the window for a sign-in on a 401 and for the update on a 426', async () => {
    const { backoff } = recordingBackoff();
    const { retry, asked } = retryWith(backoff);
    await expect(retry.failed(new SignInRequiredError(true))).rejects.toBeInstanceOf(SignInRequiredError);
    await expect(retry.failed(new UpdateRequiredError())).rejects.toBeInstanceOf(UpdateRequiredError);
    expect(asked).toEqual(['sign-in (closed)', 'update']);
  });
});
