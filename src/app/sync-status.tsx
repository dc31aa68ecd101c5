import { Trans, useLingui } from '@lingui/react/macro';
import type { AccountRole } from '../../domain/roles';
import { isAlwaysOnlineRole } from '../../domain/roles';
import { useFirstSyncProgress } from '../db/use-first-sync-progress';
import { useMasterSyncedAt } from '../db/use-master-synced-at';
import { usePendingCount, useSyncIssues } from '../db/use-outbox';
import { formatDate } from '../i18n/format';
import { localeOrDefault } from '../i18n/i18n';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Icon } from '../ui/icons';
import { Popover } from '../ui/popover';
import { Spinner } from '../ui/spinner';
import { useConnection } from './connection-context';
import { FirstSyncProgress, firstSyncStep } from './first-sync-progress';
import { SyncIssueList } from './sync-issue-list';

/** What the sync status shows, decided from the worker's reports. */
export type SyncView = 'offline' | 'syncing' | 'synced' | 'connecting';

/**
 * The state of the sync: offline when the socket is down (never for roles 0 and 3, always online per SPEC
 * §4), syncing while the first pull of this device runs, synced once a pull completed.
 */
export function syncView(
  online: boolean | undefined,
  syncedAt: number | null | undefined,
  role: AccountRole,
): SyncView {
  if (online === false && !isAlwaysOnlineRole(role)) return 'offline';
  if (syncedAt === null) return 'syncing';
  if (syncedAt === undefined) return 'connecting';
  return 'synced';
}

/**
 * The header's sync status: online or offline, syncing, how far this device's first sync has got while it
 * runs, the last sync time, the writes waiting to be sent, and the sync issues with re-apply and discard.
 */
export function SyncStatus({ role, compact = false }: { role: AccountRole; compact?: boolean }) {
  const { t, i18n } = useLingui();
  const { online, syncing } = useConnection();
  const firstSync = useFirstSyncProgress();
  const syncedAt = useMasterSyncedAt();
  const pending = usePendingCount();
  const issues = useSyncIssues();
  const view =
    syncing && syncView(online, syncedAt, role) === 'synced' ? 'syncing' : syncView(online, syncedAt, role);
  const locale = localeOrDefault(i18n.locale);
  const syncedAtText = syncedAt ? formatDate(syncedAt, locale, 'dateTime') : '';
  const labels: Record<SyncView, string> = {
    offline: t`Offline`,
    syncing: t`Syncing…`,
    connecting: t`Connecting…`,
    synced: t`Online`,
  };

  return (
    <Popover
      label={t`Sync status`}
      widthPx={288}
      trigger={
        <Button
          variant="ghost"
          size={compact ? 'icon' : 'sm'}
          aria-label={t`Sync status: ${labels[view]}`}
          className={cn(view === 'offline' ? 'text-amber-800' : 'text-slate-700')}
        >
          {view === 'syncing' || view === 'connecting' ? (
            <Spinner size="sm" />
          ) : (
            <Icon name={view === 'offline' ? 'cloudOff' : 'cloud'} className="size-5" />
          )}
          {!compact && <span>{labels[view]}</span>}
          {issues.length > 0 && (
            <span className="rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white">
              {issues.length}
            </span>
          )}
        </Button>
      }
    >
      {online !== false && firstSyncStep(firstSync) && (
        <div className="px-4 pt-4">
          <FirstSyncProgress collections={firstSync} />
        </div>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 p-4 text-sm">
        <dt className="text-slate-600">
          <Trans>Connection</Trans>
        </dt>
        <dd className="font-medium">{labels[view]}</dd>
        <dt className="text-slate-600">
          <Trans>Last synced</Trans>
        </dt>
        <dd>{syncedAtText || t`Not yet`}</dd>
        <dt className="text-slate-600">
          <Trans>Writes waiting</Trans>
        </dt>
        <dd className="tabular-nums">{pending ?? 0}</dd>
      </dl>
      <SyncIssueList />
    </Popover>
  );
}
