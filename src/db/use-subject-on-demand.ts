import { useEffect } from 'react';
import { combineLatest, distinctUntilChanged, map, type Observable } from 'rxjs';
import type { AccountRole } from '../../domain/roles';
import {
  ON_DEMAND_ROLES,
  type OnDemandCollection,
  SUBJECT_AHEAD_COLLECTIONS,
  SYNC_COLLECTION_ROLES,
  type SyncCollection,
} from '../../domain/sync';
import { subjectHereAhead$ } from './ahead-asks';
import { useDatabase } from './database-context';
import { askForSubject, subjectFilled$ } from './demand-subjects';
import type { SchoolDatabase } from './open-database';
import { useLiveQuery } from './use-live-query';

/**
 * Streams whether a subject's rows a screen shows are all on an on-demand device: its class work kept by
 * subject in `shown` (marks, scores), and its subjects, lessons and schedules (the whole collections' first
 * pulls done, or the subject come ahead of them).
 */
function subjectAllHere$(
  database: SchoolDatabase,
  subjectId: string,
  role: AccountRole,
  shown: readonly OnDemandCollection[],
): Observable<boolean> {
  const pulled = (names: readonly SyncCollection[]) =>
    names.filter((name) => SYNC_COLLECTION_ROLES[name].pull.includes(role));
  return combineLatest([
    subjectFilled$(database, subjectId, pulled(shown)),
    ...pulled(SUBJECT_AHEAD_COLLECTIONS).map((name) => subjectHereAhead$(database, name, subjectId)),
  ]).pipe(
    map((here) => here.every(Boolean)),
    distinctUntilChanged(),
  );
}

/**
 * Whether the class work of a subject a screen shows (`shown`: its marks, its scores, or both) is on this
 * device, with the subject's classes, lessons and sittings: `here` when it is (always, for a role that
 * replicates its whole scope), `coming` while its rows are being pulled, and `offline` when they are not here
 * and cannot come now. An on-demand role's screen asks for the subject by opening it, which brings all its
 * class work (docs/on-demand-sync.md); a screen waits only for what it shows. Undefined while the device has
 * not said yet.
 */
export function useSubjectOnDevice(
  subjectId: string | null,
  role: AccountRole,
  online: boolean,
  shown: readonly OnDemandCollection[],
): 'here' | 'coming' | 'offline' | undefined {
  const database = useDatabase();
  const onDemand = ON_DEMAND_ROLES.includes(role);
  useEffect(() => {
    if (!database || !subjectId || !onDemand) return;
    void askForSubject(database, subjectId, Date.now()).catch(() => undefined);
  }, [database, subjectId, onDemand]);
  const shownKey = shown.join(',');
  const filled = useLiveQuery(
    (db) => (subjectId && onDemand ? subjectAllHere$(db, subjectId, role, shown) : null),
    [subjectId, onDemand, role, shownKey],
  );
  if (!onDemand) return 'here';
  if (filled === undefined) return undefined;
  if (filled) return 'here';
  return online ? 'coming' : 'offline';
}
