import { useLingui } from '@lingui/react/macro';
import { SyncCollection } from '../../../domain/sync';
import { CollectionPullProgress } from '../../app/first-sync-progress';
import { useAskAhead } from '../../db/use-ask-ahead';
import { useFirstPullDone } from '../../db/use-first-pull-done';
import { useFirstSyncProgress } from '../../db/use-first-sync-progress';
import { EmptyState } from '../../ui/empty-state';

/**
 * What a screen says when the row it was opened for (`rowId`) is not in the local database: that it is
 * still arriving while the first pull of `collection` (the collection that would hold it) runs on this
 * device, and that it is not on this device once that pull has brought everything, and while it runs how far
 * it has got. Meanwhile it asks for the row to come ahead of the rest of the pull, with its subject's rows
 * (docs/on-demand-sync.md, "Ahead of the first pull"). Nothing while the device has not said yet.
 */
export function NotOnDevice({
  collection,
  rowId,
  arriving,
  absent,
}: {
  collection: SyncCollection;
  rowId: string;
  arriving: string;
  absent: string;
}) {
  const done = useFirstPullDone(collection);
  const progress = useFirstSyncProgress().find((pull) => pull.collection === collection && !pull.done);
  useAskAhead(collection, [rowId]);
  if (done === undefined) return null;
  if (done) return <EmptyState title={absent} />;
  return <EmptyState title={arriving} action={progress && <CollectionPullProgress progress={progress} />} />;
}

/** `NotOnDevice` for the class (subject class) a class sheet was opened for. */
export function ClassNotOnDevice({ classId }: { classId: string }) {
  const { t } = useLingui();
  return (
    <NotOnDevice
      collection={SyncCollection.subjects}
      rowId={classId}
      arriving={t`This class is still arriving on this device…`}
      absent={t`This class is not available on this device.`}
    />
  );
}
