import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ErrorCode } from '../../../domain/errors';
import { Role } from '../../../domain/roles';
import { errorMessage } from '../../i18n/error-messages';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { deleteObserver, saveObserver, useStaffUser } from './people-calls';
import { StaffEditForm } from './staff-edit-form';
import { useUniversityNames, ViewNotices } from './staff-parts';

type Notify = (notice: { tone: 'success' | 'error'; title: string }) => void;

/** `/observers/{id}` (admins): the observer, edit and delete. */
export function ObserverDetailScreen({
  observerId,
  onNotFound,
  onDeleted,
  notify,
}: {
  observerId: string;
  onNotFound: () => void;
  onDeleted: () => void;
  notify: Notify;
}) {
  const { t, i18n } = useLingui();
  const view = useStaffUser(observerId);
  const universityNames = useUniversityNames();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const observer = view.value?.role === Role.observer ? view.value : null;
  if (view.failure === ErrorCode.notFound || (view.value && !observer)) {
    queueMicrotask(onNotFound);
    return null;
  }
  const confirmDelete = async () => {
    setDeleting(false);
    const answer = await deleteObserver(observerId);
    if (!answer.ok) {
      notify({ tone: 'error', title: errorMessage(i18n, answer.failure.code) });
      return;
    }
    notify({ tone: 'success', title: t`The observer was deleted.` });
    onDeleted();
  };
  return (
    <section aria-labelledby="observer-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="observer-title" className="text-2xl font-semibold break-words">
          {observer?.name ?? <Trans>Observer</Trans>}
        </h1>
        {observer && !editing && (
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Trans>Edit</Trans>
            </Button>
            <Button variant="danger" onClick={() => setDeleting(true)}>
              <Trans>Delete</Trans>
            </Button>
          </div>
        )}
      </div>
      <ViewNotices view={view} />
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
        <dl className="grid grid-cols-1 gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-slate-500">{t`Email`}</dt>
            <dd className="break-all">{observer.email}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{t`Universities`}</dt>
            <dd>{universityNames(observer.university_ids) || '—'}</dd>
          </div>
        </dl>
      )}
      <ConfirmDialog
        open={deleting}
        title={t`Delete ${observer?.name ?? ''}?`}
        description={t`The observer can no longer sign in.`}
        confirmLabel={t`Delete`}
        destructive
        onCancel={() => setDeleting(false)}
        onConfirm={() => void confirmDelete()}
      />
    </section>
  );
}
