import { useLingui } from '@lingui/react/macro';
import type { SyncCollection } from '../../../domain/sync';
import { CollectionPullProgress } from '../../app/first-sync-progress';
import { useFirstPullsDone } from '../../db/use-first-pull-done';
import { useFirstSyncProgress } from '../../db/use-first-sync-progress';
import { EmptyState } from '../../ui/empty-state';

/**
 * The one rule for a list read from the local database that has nothing to show: it may say it is empty only
 * once the first pull of every collection it reads has ended on this device. Before that its rows may still
 * be on their way (a new device's first sync), and "nothing" would be a lie ("No sittings today" while a
 * lesson is today). Returns the words to show: `empty`, or that the rows are still arriving.
 */
export function useEmptyWording(collections: readonly SyncCollection[], empty: string): string {
  const { t } = useLingui();
  return useFirstPullsDone(collections) === true ? empty : t`Still arriving on this device…`;
}

/** How far the first pull of one of `collections` has got, while one runs. */
function useRunningPull(collections: readonly SyncCollection[]) {
  return useFirstSyncProgress().find((pull) => !pull.done && collections.includes(pull.collection));
}

/**
 * A local list's empty state under `useEmptyWording`'s rule: while the first pull of one of `collections`
 * runs, that the rows are still arriving with how far that pull has got; after, `empty`. `inline` is a line
 * of text for a small panel (my day, a picker) instead of the dashed box of a screen's list.
 */
export function ArrivingOrEmpty({
  collections,
  empty,
  inline = false,
}: {
  collections: readonly SyncCollection[];
  empty: string;
  inline?: boolean;
}) {
  const title = useEmptyWording(collections, empty);
  const progress = useRunningPull(collections);
  if (inline) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {title}
      </p>
    );
  }
  return (
    <EmptyState
      title={title}
      action={title !== empty && progress ? <CollectionPullProgress progress={progress} /> : undefined}
    />
  );
}

/**
 * A line over a list that shows some rows while more may come (a calendar during the first sync): that rows
 * are still arriving, and how far, until the first pull of each of `collections` has ended; then nothing.
 */
export function StillArriving({ collections }: { collections: readonly SyncCollection[] }) {
  const { t } = useLingui();
  const done = useFirstPullsDone(collections);
  const progress = useRunningPull(collections);
  if (done !== false) return null;
  return (
    <div role="status" className="flex flex-col gap-1 text-sm text-slate-600">
      <p>{t`Still arriving on this device…`}</p>
      {progress && <CollectionPullProgress progress={progress} />}
    </div>
  );
}
