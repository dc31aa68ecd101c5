import { Trans } from '@lingui/react/macro';
import type { AccountRole } from '../../domain/roles';
import { isAlwaysOnlineRole } from '../../domain/roles';
import { useConnection } from './connection-context';

/** Says the app shows local data while the worker's socket is down; roles 0 and 3 count as always online. */
export function OfflineBanner({ role }: { role: AccountRole }) {
  const { online } = useConnection();
  if (online !== false || isAlwaysOnlineRole(role)) return null;
  return (
    <div role="status" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-900">
      <Trans>You are offline — showing the last synced data.</Trans>
    </div>
  );
}
