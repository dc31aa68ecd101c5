import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SessionDevice } from '../../../domain/schemas/auth-account';

/**
 * A session's device in words, as the sessions list shows it: "Chrome 120 · Windows". Browser and system
 * names are product names and stay as they are; only what the server could not tell is worded.
 */
export function deviceWords(i18n: I18n, device: SessionDevice): string {
  if (!device.browser && !device.os) return i18n._(msg`Unknown device`);
  const browser = device.browser
    ? [device.browser, device.browser_version].filter(Boolean).join(' ')
    : i18n._(msg`Unknown browser`);
  const system = device.os ?? i18n._(msg`Unknown system`);
  return `${browser} · ${system}`;
}
