import { Plural, useLingui } from '@lingui/react/macro';
import { EmptyState } from '../../ui/empty-state';

/**
 * What a class sheet (attendance, scores) says about its students besides their rows: that some names are
 * still on their way to the device, whose rows show once they arrive, or that the class has no students.
 */
export function ClassRosterNotices({ rows, awaitingNames }: { rows: number; awaitingNames: number }) {
  const { t } = useLingui();
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
