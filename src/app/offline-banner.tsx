import { Trans } from '@lingui/react/macro';
import type { AccountRole } from '../../domain/roles';
import { isAlwaysOnlineRole } from '../../domain/roles';
import { useConnection } from './connection-context';

/** Says the app shows local data while the worker's socket is down; roles 0 and 3 count as always online. */
export function OfflineBanner({ role }: { role: AccountRole }) {
  const { online, updateRequired } = useConnection();
  if (updateRequired) {
    return (
      <div
        role="alert"
        className="flex items-center justify-center gap-3 bg-blue-100 px-4 py-2 text-sm text-blue-950"
      >
        <Trans>
          A new version of the app is available. Update to keep syncing; your local changes are kept.
        </Trans>
        <button
          type="button"
          className="rounded bg-blue-800 px-3 py-1 font-medium text-white hover:bg-blue-900"
          onClick={() => window.location.reload()}
        >
          <Trans>Update</Trans>
        </button>
      </div>
    );
  }
  if (online !== false || isAlwaysOnlineRole(role)) return null;
  return (
    <div role="status" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-900">
      <Trans>You are offline — showing the last synced data.</Trans>
    </div>
  );
}
