import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import type { CallResult } from '../../api/call-api';
import { errorMessage } from '../../i18n/error-messages';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Screen } from '../../ui/screen';
import { type Notify, type OnlineViewNotices, ViewNotices } from './staff-parts';

/** Deleting the person on screen: the call, what the confirmation says and what the toast says after. */
export type PersonDeletion = {
  call: () => Promise<CallResult<unknown>>;
  /** What deleting does to this kind of person, under the confirmation's question. */
  description: string;
  /** The toast once it is done. */
  done: string;
};

/**
 * The frame every person's detail screen shares (`/students/{id}`, `/teachers/{id}`, `/observers/{id}`): the
 * name as the heading (`title` until it has come), Edit and Delete beside it while not editing, the view's
 * offline and failure notices, the screen's own parts, and the delete confirmation, whose call reports a
 * refusal in words and leaves the screen once it is done.
 */
export function PersonDetailFrame({
  name,
  title,
  view,
  canEdit,
  canDelete,
  editing,
  onEdit,
  deletion,
  notify,
  onDeleted,
  children,
}: {
  /** The person's name, once their record has come. */
  name: string | undefined;
  /** The heading until then: the kind of person. */
  title: ReactNode;
  view: OnlineViewNotices;
  canEdit: boolean;
  canDelete: boolean;
  editing: boolean;
  onEdit: () => void;
  deletion: PersonDeletion;
  notify: Notify;
  onDeleted: () => void;
  children: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const [deleting, setDeleting] = useState(false);
  const confirmDelete = async () => {
    setDeleting(false);
    const answer = await deletion.call();
    if (!answer.ok) {
      notify({ tone: 'error', title: errorMessage(i18n, answer.failure.code) });
      return;
    }
    notify({ tone: 'success', title: deletion.done });
    onDeleted();
  };
  return (
    <Screen
      title={name ?? title}
      titleClassName="break-words"
      action={
        name !== undefined &&
        !editing &&
        (canEdit || canDelete) && (
          <div className="flex gap-2">
            {canEdit && (
              <Button variant="secondary" onClick={onEdit}>
                <Trans>Edit</Trans>
              </Button>
            )}
            {canDelete && (
              <Button variant="danger" onClick={() => setDeleting(true)}>
                <Trans>Delete</Trans>
              </Button>
            )}
          </div>
        )
      }
    >
      <ViewNotices view={view} />
      {children}
      <ConfirmDialog
        open={deleting}
        title={t`Delete ${name ?? ''}?`}
        description={deletion.description}
        confirmLabel={t`Delete`}
        destructive
        onCancel={() => setDeleting(false)}
        onConfirm={() => void confirmDelete()}
      />
    </Screen>
  );
}

/** What a person's detail says of them, label above value; an empty value reads "—". */
export function PersonFacts({
  facts,
  className,
}: {
  facts: readonly [string, string][];
  className?: string;
}) {
  return (
    <dl
      className={cn(
        'grid grid-cols-1 gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm',
        className,
      )}
    >
      {facts.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-slate-500">{label}</dt>
          <dd className="break-words">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
