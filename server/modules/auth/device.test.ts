import { describe, expect, it } from 'vitest';
import { describeDevice } from './device';

describe('describeDevice', () => {
  it('names the browser, its major version and the system of common devices', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', browser_version: '120', os: 'Windows' });
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', browser_version: '17', os: 'iOS' });
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0')).toEqual({
      browser: 'Firefox',
      browser_version: '121',
      os: 'Linux',
    });
  });

  it('leaves unknown parts empty for the app to word, and a missing header wholly unknown', () => {
    expect(describeDevice(null)).toEqual({ browser: null, browser_version: null, os: null });
    expect(describeDevice('curl/8.5.0')).toMatchObject({ os: null });
    expect(describeDevice('lightMyRequest')).toEqual({ browser: null, browser_version: null, os: null });
  });
});
