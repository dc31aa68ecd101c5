import { Trans } from '@lingui/react/macro';
import type { AccountRole } from '../../domain/roles';
import { isAlwaysOnlineRole } from '../../domain/roles';
import { useMasterSyncedAt } from '../db/use-master-synced-at';
import { Spinner } from '../ui/spinner';
import { useConnection } from './connection-context';

/** Whether the offline-caching overlay shows: online, the first sync of this device running, a cached role. */
export function showsCachingOverlay(
  online: boolean | undefined,
  syncedAt: number | null | undefined,
  role: AccountRole,
): boolean {
  // Roles 0 and 3 get no offline caches (SPEC §4); offline, the first sync cannot run, so the overlay would
  // never leave — the screens then say "waiting for first sync" themselves.
  return syncedAt === null && online !== false && !isAlwaysOnlineRole(role);
}

/**
 * The offline-caching overlay of SPEC §2: covers the screen while the signed-in user's first sync fills the
 * local database, so nobody works on a half-filled screen; it goes as soon as the worker reports the pull.
 */
export function OfflineCachingOverlay({ role }: { role: AccountRole }) {
  const { online } = useConnection();
  const syncedAt = useMasterSyncedAt();
  if (!showsCachingOverlay(online, syncedAt, role)) return null;
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="caching-title"
      className="fixed inset-0 z-50 flex items-center justify-center bg-white/85"
    >
      <div className="flex flex-col items-center gap-4 rounded-xl bg-white p-8 text-center shadow-lg">
        <Spinner size="lg" />
        <p id="caching-title" className="font-medium">
          <Trans>Preparing data for offline use…</Trans>
        </p>
        <p className="text-sm text-slate-600">
          <Trans>This happens once on this device.</Trans>
        </p>
      </div>
    </div>
  );
}
