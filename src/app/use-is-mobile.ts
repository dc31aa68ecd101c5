import { useSyncExternalStore } from 'react';

/** SPEC §2: the mobile layout applies under 768 px. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

function subscribe(listener: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** Whether the window is narrower than 768 px, following resizes and rotations. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(MOBILE_QUERY).matches);
}
