import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { AccountRole } from '../../../domain/roles';
import type { OnDemandCollection } from '../../../domain/sync';
import { useSubjectOnDevice } from '../../db/use-subject-on-demand';
import { errorMessage } from '../../i18n/error-messages';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';

/**
 * Shows `children`, a screen of one subject's marks or scores (`shown`), once that class work is on this
 * device. On an admin's device it comes when a screen first opens the subject (docs/on-demand-sync.md):
 * meanwhile this says it is coming, or, offline, that it needs a connection (`offline_feature`); a subject
 * opened before shows offline as well.
 */
export function SubjectOnDevice({
  subjectId,
  role,
  online,
  shown,
  children,
}: {
  subjectId: string;
  role: AccountRole;
  online: boolean;
  shown: readonly OnDemandCollection[];
  children: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const state = useSubjectOnDevice(subjectId, role, online, shown);
  if (state === undefined) return null;
  if (state === 'coming')
    return <EmptyState title={t`Bringing this subject's records to this device…`} action={<Spinner />} />;
  if (state === 'offline')
    return (
      <EmptyState
        title={errorMessage(i18n, 'offline_feature')}
        description={t`This subject has not been opened on this device yet. Open it once online and it stays here.`}
      />
    );
  return children;
}
