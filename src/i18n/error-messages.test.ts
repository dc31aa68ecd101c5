import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ALL_ERROR_CODES, errorMessage, hasErrorMessage } from './error-messages';

describe('error codes', () => {
  it('gives every server, form and client code its own message', () => {
    const missing = ALL_ERROR_CODES.filter((code) => !hasErrorMessage(code));
    expect(missing).toEqual([]);
  });

  it('falls back to a general message for an unknown code', () => {
    expect(errorMessage(i18n, 'no_such_code')).toBe('Something went wrong. Please try again.');
    expect(errorMessage(i18n, 'l2-1_invalid_time_range')).toBe(
      'The end time must be later than the start time.',
    );
  });
});
