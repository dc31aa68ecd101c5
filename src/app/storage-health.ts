import { msg } from '@lingui/core/macro';
import { i18n } from '../i18n/i18n';
import { appToasts } from './toasts';

/** Whether an error (or one it wraps) is the browser refusing to store more: the device is full. */
export function isQuotaError(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause && depth < 5; depth++) {
    if (typeof cause !== 'object') return false;
    const name: unknown = Reflect.get(cause, 'name');
    if (name === 'QuotaExceededError') return true;
    const message: unknown = Reflect.get(cause, 'message');
    if (typeof message === 'string' && /quota/i.test(message)) return true;
    cause = Reflect.get(cause, 'cause') ?? Reflect.get(cause, 'inner');
  }
  return false;
}

/**
 * Asks the browser to keep this origin's data under storage pressure (local writes wait in IndexedDB until
 * they reach the server), and tells the user when a write failed because the device's storage is full.
 * Returns the function that stops listening.
 */
export function watchStorageHealth(): () => void {
  void navigator.storage?.persist?.().catch(() => false);
  const report = (reason: unknown) => {
    if (!isQuotaError(reason)) return;
    appToasts.show({
      tone: 'error',
      title: i18n._(msg`This device's storage is full. Free some space so your changes can be saved.`),
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => report(event.reason);
  const onError = (event: ErrorEvent) => report(event.error);
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('error', onError);
  return () => {
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('error', onError);
  };
}
