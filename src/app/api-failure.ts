import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ErrorCode } from '../../domain/errors';
import { ClientErrorCode, errorMessage } from '../i18n/error-messages';
import { HttpError } from '../sync/http';
import { appToasts } from './toasts';

/** What the shared handler of SPEC §8 does with a failed call. */
export type FailureAction = { kind: 'notFound' } | { kind: 'toast'; code: string };

/** The first field's first code of a 422 answer (SPEC §8: the first field message is shown). */
function firstFieldCode(errors: Record<string, string[]> | undefined): string | undefined {
  for (const codes of Object.values(errors ?? {})) {
    if (codes[0]) return codes[0];
  }
  return undefined;
}

/**
 * The shared handler of SPEC §8 as a decision: 404 goes to /not-found; 422 shows the first field's
 * message; a call that never reached the server says 'offline_now' offline and a network error online;
 * anything else shows the server's code (CSRF retries already happened in `apiRequest`).
 */
export function decideApiFailure(error: unknown, online: boolean): FailureAction {
  if (!(error instanceof HttpError)) {
    return { kind: 'toast', code: online ? ClientErrorCode.network : ClientErrorCode.offlineNow };
  }
  if (error.status === 404) return { kind: 'notFound' };
  if (error.status === 422) {
    return { kind: 'toast', code: firstFieldCode(error.body?.errors) ?? ErrorCode.validation };
  }
  return { kind: 'toast', code: error.code ?? ErrorCode.internal };
}

/** The shared failure handler for screens: navigates to /not-found or shows an error toast. */
export function useApiFailureHandler(): (error: unknown) => void {
  const router = useRouter();
  const { i18n } = useLingui();
  return useCallback(
    (error: unknown) => {
      const action = decideApiFailure(error, navigator.onLine);
      if (action.kind === 'notFound') {
        void router.navigate({ to: '/not-found', replace: true });
        return;
      }
      appToasts.show({ tone: 'error', title: errorMessage(i18n, action.code) });
    },
    [router, i18n],
  );
}

/** SPEC §8 on a screen whose read answers 403: the server's message as a toast, then `/`. */
export function useForbiddenExit(): () => void {
  const router = useRouter();
  const { i18n } = useLingui();
  return useCallback(() => {
    appToasts.show({ tone: 'error', title: errorMessage(i18n, ErrorCode.forbidden) });
    void router.navigate({ to: '/' });
  }, [router, i18n]);
}
