import type { SyncCollection } from '../../../domain/sync';
import { useFirstPullDone } from '../../db/use-first-pull-done';
import { EmptyState } from '../../ui/empty-state';

/**
 * What a screen says when the row it was opened for is not in the local database: that it is still arriving
 * while the first pull of `collection` (the collection that would hold it) runs on this device, and that it
 * is not on this device once that pull has brought everything. Nothing while the device has not said yet.
 */
export function NotOnDevice({
  collection,
  arriving,
  absent,
}: {
  collection: SyncCollection;
  arriving: string;
  absent: string;
}) {
  const done = useFirstPullDone(collection);
  if (done === undefined) return null;
  return <EmptyState title={done ? absent : arriving} />;
}
