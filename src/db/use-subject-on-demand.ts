import { useEffect } from 'react';
import type { AccountRole } from '../../domain/roles';
import { ON_DEMAND_COLLECTIONS, ON_DEMAND_ROLES, SYNC_COLLECTION_ROLES } from '../../domain/sync';
import { useDatabase } from './database-context';
import { askForSubject, subjectFilled$ } from './demand-subjects';
import { useLiveQuery } from './use-live-query';

/**
 * Whether a subject's class work (marks, scores) is on this device, for a screen that shows it: `here` when
 * it is (always, for a role that replicates its whole scope), `coming` while its rows are being pulled, and
 * `offline` when they are not here and cannot come now. An on-demand role's screen asks for the subject by
 * opening it (docs/on-demand-sync.md); undefined while the device has not said yet.
 */
export function useSubjectOnDevice(
  subjectId: string | null,
  role: AccountRole,
  online: boolean,
): 'here' | 'coming' | 'offline' | undefined {
  const database = useDatabase();
  const onDemand = ON_DEMAND_ROLES.includes(role);
  useEffect(() => {
    if (!database || !subjectId || !onDemand) return;
    void askForSubject(database, subjectId, Date.now()).catch(() => undefined);
  }, [database, subjectId, onDemand]);
  const collections = ON_DEMAND_COLLECTIONS.filter((name) => SYNC_COLLECTION_ROLES[name].pull.includes(role));
  const filled = useLiveQuery(
    (db) => (subjectId && onDemand ? subjectFilled$(db, subjectId, collections) : null),
    [subjectId, onDemand, collections.join(',')],
  );
  if (!onDemand) return 'here';
  if (filled === undefined) return undefined;
  if (filled) return 'here';
  return online ? 'coming' : 'offline';
}
