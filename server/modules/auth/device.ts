import Bowser from 'bowser';
import type { SessionDevice } from '../../../domain/schemas/auth-account';

/**
 * The browser and system a session's User-Agent names, for the sessions list ("Chrome 120 · Windows"):
 * parsed by bowser, the major version only. Unknown parts are null and the app words them; a missing or
 * unreadable header gives all nulls.
 */
export function describeDevice(userAgent: string | null): SessionDevice {
  if (!userAgent) return { browser: null, browser_version: null, os: null };
  const parsed = Bowser.parse(userAgent);
  const version = parsed.browser.version?.split('.')[0];
  return {
    browser: parsed.browser.name || null,
    browser_version: version || null,
    os: parsed.os.name || null,
  };
}
