import { Trans } from '@lingui/react/macro';
import type { AccountRole } from '../../domain/roles';
import { isAlwaysOnlineRole } from '../../domain/roles';
import { SyncCollection } from '../../domain/sync';
import type { FirstPullProgress } from '../db/sync-state';
import { useFirstPullDone } from '../db/use-first-pull-done';
import { useFirstSyncProgress } from '../db/use-first-sync-progress';
import { Spinner } from '../ui/spinner';
import { useConnection } from './connection-context';
import { FirstSyncProgress } from './first-sync-progress';

/**
 * Whether the offline-caching overlay shows: online, the first pull of the master data still running on this
 * device, a cached role.
 */
export function showsCachingOverlay(
  online: boolean | undefined,
  masterArrived: boolean | undefined,
  role: AccountRole,
): boolean {
  // Roles 0 and 3 get no offline caches (SPEC §4); offline, the first sync cannot run, so the overlay would
  // never leave — the screens then say "waiting for first sync" themselves.
  return masterArrived === false && online !== false && !isAlwaysOnlineRole(role);
}

/**
 * The offline-caching overlay of SPEC §2: covers the screen while the signed-in user's first sync brings the
 * master data every screen names things by, and says how far the whole first sync has got. It goes once the
 * master data is in; the other collections go on arriving behind it (the sync status shows their progress,
 * and a screen whose rows have not come yet says they are arriving).
 */
export function OfflineCachingOverlay({ role }: { role: AccountRole }) {
  const { online } = useConnection();
  const firstSync = useFirstSyncProgress();
  const masterArrived = useFirstPullDone(SyncCollection.master);
  if (!showsCachingOverlay(online, masterArrived, role)) return null;
  return <CachingOverlay firstSync={firstSync} />;
}

/** The overlay itself, with the first sync's progress as the worker reported it. */
export function CachingOverlay({ firstSync }: { firstSync: readonly FirstPullProgress[] }) {
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="caching-title"
      className="fixed inset-0 z-50 flex items-center justify-center bg-white/85 px-4"
    >
      <div className="flex w-full max-w-sm flex-col items-center gap-4 rounded-xl bg-white p-8 text-center shadow-lg">
        <Spinner size="lg" />
        <p id="caching-title" className="font-medium">
          <Trans>Preparing data for offline use…</Trans>
        </p>
        <p className="text-sm text-slate-600">
          <Trans>This happens once on this device.</Trans>
        </p>
        <FirstSyncProgress collections={firstSync} />
      </div>
    </div>
  );
}
