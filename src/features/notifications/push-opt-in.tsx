import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { callApi } from '../../api/call-api';
import { errorMessage } from '../../i18n/error-messages';
import { Button } from '../../ui/button';

/** Where this phone stands with pushed notices. */
type PushState = 'checking' | 'unsupported' | 'blocked' | 'on' | 'off';

/** The service worker's registration, if the app installed one (not in development, not in old browsers). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return undefined;
  return navigator.serviceWorker.getRegistration();
}

async function currentState(): Promise<PushState> {
  const worker = await registration();
  if (!worker) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return (await worker.pushManager.getSubscription()) ? 'on' : 'off';
}

/** The server's VAPID public key as `applicationServerKey` takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * "Notify me on this phone": lets this browser receive the notices (a child's absence) as Web Push, through
 * the app's service worker. It says when the browser cannot (no service worker or push) or the user blocked
 * notifications for the site (only the browser's settings lift that), and turns it on and off.
 */
export function PushOptIn() {
  const { i18n } = useLingui();
  const [state, setState] = useState<PushState>('checking');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = useCallback(() => {
    void currentState().then(setState, () => setState('unsupported'));
  }, []);
  useEffect(refresh, [refresh]);

  async function turnOn(): Promise<void> {
    const worker = await registration();
    if (!worker) return setState('unsupported');
    if ((await Notification.requestPermission()) !== 'granted') return setState(await currentState());
    const key = await callApi('GET /api/push/key');
    if (!key.ok) return setFailure(errorMessage(i18n, key.failure.code));
    const subscription = await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(key.value.publicKey),
    });
    const json = subscription.toJSON();
    const saved = await callApi('POST /api/push/subscriptions', {
      body: {
        endpoint: subscription.endpoint,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      },
    });
    if (!saved.ok) {
      await subscription.unsubscribe();
      return setFailure(errorMessage(i18n, saved.failure.code));
    }
    setState('on');
  }

  async function turnOff(): Promise<void> {
    const subscription = await (await registration())?.pushManager.getSubscription();
    if (subscription) {
      const removed = await callApi('POST /api/push/subscriptions/remove', {
        body: { endpoint: subscription.endpoint },
      });
      if (!removed.ok) return setFailure(errorMessage(i18n, removed.failure.code));
      await subscription.unsubscribe();
    }
    setState('off');
  }

  async function run(action: () => Promise<void>): Promise<void> {
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch {
      // A browser that refuses to subscribe (no push service reachable) leaves the state as it is.
      refresh();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      className="mx-auto flex max-w-xl flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6"
      data-testid="push-opt-in"
      data-state={state}
      aria-labelledby="push-opt-in-title"
    >
      <h2 id="push-opt-in-title" className="text-lg font-semibold">
        <Trans>Notify me on this phone</Trans>
      </h2>
      <p className="text-sm text-slate-700">
        {state === 'checking' && <Trans>Checking this browser…</Trans>}
        {state === 'unsupported' && <Trans>This browser cannot receive notifications from the app.</Trans>}
        {state === 'blocked' && (
          <Trans>Notifications are blocked for this site. Allow them in the browser's settings first.</Trans>
        )}
        {state === 'on' && <Trans>On: notices such as a child's absence appear on this phone.</Trans>}
        {state === 'off' && <Trans>Off: notices appear only in the app and by mail.</Trans>}
      </p>
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      )}
      {state === 'off' && (
        <Button type="button" busy={busy} className="self-start" onClick={() => void run(turnOn)}>
          <Trans>Turn on</Trans>
        </Button>
      )}
      {state === 'on' && (
        <Button
          type="button"
          variant="secondary"
          busy={busy}
          className="self-start"
          onClick={() => void run(turnOff)}
        >
          <Trans>Turn off</Trans>
        </Button>
      )}
    </section>
  );
}
