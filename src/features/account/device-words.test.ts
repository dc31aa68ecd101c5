import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { deviceWords } from './device-words';

describe('deviceWords', () => {
  it('says a session’s device as browser, version and system', () => {
    expect(deviceWords(i18n, { browser: 'Chrome', browser_version: '120', os: 'Windows' })).toBe(
      'Chrome 120 · Windows',
    );
    expect(deviceWords(i18n, { browser: 'Safari', browser_version: null, os: 'iOS' })).toBe('Safari · iOS');
  });

  it('words what the server could not tell', () => {
    expect(deviceWords(i18n, { browser: null, browser_version: null, os: 'Android' })).toBe(
      'Unknown browser · Android',
    );
    expect(deviceWords(i18n, { browser: 'Firefox', browser_version: '121', os: null })).toBe(
      'Firefox 121 · Unknown system',
    );
    expect(deviceWords(i18n, { browser: null, browser_version: null, os: null })).toBe('Unknown device');
  });
});
