import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { ErrorCode } from '../../../domain/errors';
import { Role } from '../../../domain/roles';
import { deleteObserver, saveObserver, useStaffUser } from './people-calls';
import { PersonDetailFrame, PersonFacts } from './person-detail';
import { SignInMethodsPanel } from './sign-in-methods-panel';
import { StaffEditForm } from './staff-edit-form';
import { type Notify, useUniversityNames } from './staff-parts';

/** `/observers/{id}` (admins): the observer, edit and delete. */
export function ObserverDetailScreen({
  observerId,
  accessPanel,
  onNotFound,
  onDeleted,
  notify,
}: {
  observerId: string;
  /** The admin's view of the student records this person read (issue 46), composed by the route. */
  accessPanel?: ReactNode;
  onNotFound: () => void;
  onDeleted: () => void;
  notify: Notify;
}) {
  const { t } = useLingui();
  const view = useStaffUser(observerId);
  const universityNames = useUniversityNames();
  const [editing, setEditing] = useState(false);
  const observer = view.value?.role === Role.observer ? view.value : null;
  if (view.failure === ErrorCode.notFound || (view.value && !observer)) {
    queueMicrotask(onNotFound);
    return null;
  }
  return (
    <PersonDetailFrame
      name={observer?.name}
      title={<Trans>Observer</Trans>}
      view={view}
      canEdit
      canDelete
      editing={editing}
      onEdit={() => setEditing(true)}
      deletion={{
        call: () => deleteObserver(observerId),
        description: t`The observer can no longer sign in.`,
        done: t`The observer was deleted.`,
      }}
      notify={notify}
      onDeleted={onDeleted}
    >
      {observer && editing && (
        <StaffEditForm
          initial={{ name: observer.name, university_ids: observer.university_ids, retire_at: null }}
          withRetireDate={false}
          save={(edit) => saveObserver(observerId, { name: edit.name, university_ids: edit.university_ids })}
          onDone={(saved) => {
            setEditing(false);
            if (saved) {
              notify({ tone: 'success', title: t`The observer was updated.` });
              view.reload();
            }
          }}
        />
      )}
      {observer && !editing && (
        <PersonFacts
          facts={[
            [t`Email`, observer.email],
            [t`Universities`, universityNames(observer.university_ids)],
          ]}
          className="sm:grid-cols-2"
        />
      )}
      <SignInMethodsPanel userId={observerId} />
      {accessPanel}
    </PersonDetailFrame>
  );
}
