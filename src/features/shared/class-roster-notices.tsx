import { Plural, useLingui } from '@lingui/react/macro';
import { SyncCollection } from '../../../domain/sync';
import { useAskAhead } from '../../db/use-ask-ahead';
import { EmptyState } from '../../ui/empty-state';

/**
 * Asks for the names of a class's students not on the device yet to come ahead of the rest of the first pull
 * of people (docs/on-demand-sync.md, "Ahead of the first pull"). A class sheet calls it as soon as it knows
 * its roster, before its subject's marks or scores are here, so both come at once.
 */
export function useNamesAhead(awaitingStudents: readonly string[] | undefined): void {
  useAskAhead(SyncCollection.people, awaitingStudents);
}

/**
 * What a class sheet (attendance, scores) says about its students besides their rows: that some names are
 * still on their way to the device, whose rows show once they arrive, or that the class has no students.
 */
export function ClassRosterNotices({
  rows,
  awaitingStudents,
}: {
  rows: number;
  /** The students whose names are awaited, by id. */
  awaitingStudents: readonly string[];
}) {
  const { t } = useLingui();
  // Named as the catalogues' message names its count.
  const awaitingNames = awaitingStudents.length;
  if (awaitingNames > 0) {
    return (
      <p role="status" className="px-1 py-2 text-sm text-slate-600">
        <Plural
          value={awaitingNames}
          one="Loading the name of # more student…"
          other="Loading the names of # more students…"
        />
      </p>
    );
  }
  if (rows === 0) return <EmptyState title={t`No students in this class.`} />;
  return null;
}
