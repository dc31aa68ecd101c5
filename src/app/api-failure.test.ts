import { describe, expect, it } from 'vitest';
import { HttpError } from '../sync/http';
import { decideApiFailure } from './api-failure';

describe('shared handler for failed calls (SPEC §8)', () => {
  it('sends a 404 answer to /not-found', () => {
    expect(decideApiFailure(new HttpError(404, { message: 'x', code: 'not_found' }), true)).toEqual({
      kind: 'notFound',
    });
  });

  it('shows the first field message of a 422 answer', () => {
    const error = new HttpError(422, {
      message: 'invalid',
      code: 'validation_failed',
      errors: { email: ['invalid_email', 'too_long'], name: ['required'] },
    });
    expect(decideApiFailure(error, true)).toEqual({ kind: 'toast', code: 'invalid_email' });
    expect(decideApiFailure(new HttpError(422, { message: 'invalid' }), true)).toEqual({
      kind: 'toast',
      code: 'validation_failed',
    });
  });

  it('says offline_now when a call fails offline, and a network error online', () => {
    expect(decideApiFailure(new TypeError('Failed to fetch'), false)).toEqual({
      kind: 'toast',
      code: 'offline_now',
    });
    expect(decideApiFailure(new TypeError('Failed to fetch'), true)).toEqual({
      kind: 'toast',
      code: 'network_error',
    });
  });

  it('shows the server code of other answers', () => {
    expect(decideApiFailure(new HttpError(403, { message: 'no', code: 'forbidden' }), true)).toEqual({
      kind: 'toast',
      code: 'forbidden',
    });
    expect(decideApiFailure(new HttpError(500, undefined), true)).toEqual({
      kind: 'toast',
      code: 'internal_error',
    });
  });
});
