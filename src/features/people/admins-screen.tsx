import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { Role } from '../../../domain/roles';
import type { StaffListRole, StaffUser } from '../../../domain/schemas/people';
import { errorMessage } from '../../i18n/error-messages';
import { ROLE_LABELS } from '../../i18n/role-labels';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import type { Column } from '../../ui/data-table';
import { Screen } from '../../ui/screen';
import { blockLogin, changeRole, useUsers } from './people-calls';
import { FilteredStaffTable, type Notify, staffQuery, useStaffColumns, useStaffFilter } from './staff-parts';

type Pending = { kind: 'down' | 'block' | 'unblock' | 'up'; user: StaffUser };

/** The list of one role with the search, shared by the admins list and the promote screen. */
function UserList({
  role,
  caption,
  actions,
}: {
  role: StaffListRole;
  caption: string;
  actions: ((user: StaffUser) => ReactNode) | null;
}) {
  const { t } = useLingui();
  const [filter, setFilter] = useStaffFilter();
  const view = useUsers({ ...staffQuery(filter), role });
  const columns: Column<StaffUser>[] = [
    ...useStaffColumns<StaffUser>(),
    {
      key: 'state',
      header: t`Sign-in`,
      cell: (row) => (row.login_blocked ? t`Blocked` : t`Allowed`),
    },
    ...(actions
      ? [{ key: 'actions', header: <span className="sr-only">{t`Actions`}</span>, cell: actions }]
      : []),
  ];
  return (
    <div className="flex flex-col gap-3">
      <FilteredStaffTable
        filter={filter}
        onFilterChange={setFilter}
        view={view}
        caption={caption}
        columns={columns}
        emptyTitle={t`Nobody found.`}
      />
    </div>
  );
}

/**
 * `/admins` (0, 2, 3): the admins. The super admin demotes an admin (down-role) and blocks or unblocks their
 * sign-in; blocking ends their sessions at once. Nobody acts on themselves (the server refuses it too).
 */
export function AdminsScreen({
  canManage,
  onAdd,
  notify,
}: {
  canManage: boolean;
  onAdd: () => void;
  notify: Notify;
}) {
  const { t, i18n } = useLingui();
  const [pending, setPending] = useState<Pending | null>(null);
  const [round, setRound] = useState(0);
  const confirm = async ({ kind, user }: Pending) => {
    setPending(null);
    const answer =
      kind === 'down' ? await changeRole('down', user.id) : await blockLogin(user.id, kind === 'block');
    if (!answer.ok) {
      notify({ tone: 'error', title: errorMessage(i18n, answer.failure.code) });
      return;
    }
    notify({
      tone: 'success',
      title:
        kind === 'down'
          ? t`${user.name} is no longer an admin.`
          : kind === 'block'
            ? t`${user.name} can no longer sign in.`
            : t`${user.name} can sign in again.`,
    });
    setRound(round + 1);
  };
  return (
    <Screen
      title={<Trans>Administrators</Trans>}
      action={
        canManage && (
          <Button onClick={onAdd}>
            <Trans>Add an admin</Trans>
          </Button>
        )
      }
    >
      <UserList
        // A new round after each change remounts the list, which reads it again.
        key={round}
        role={Role.admin}
        caption={t`Administrators`}
        actions={
          canManage
            ? (user) => (
                <span className="flex flex-wrap justify-end gap-1">
                  <Button variant="secondary" size="sm" onClick={() => setPending({ kind: 'down', user })}>
                    {t`Remove admin rights`}
                  </Button>
                  <Button
                    variant={user.login_blocked ? 'secondary' : 'danger'}
                    size="sm"
                    onClick={() => setPending({ kind: user.login_blocked ? 'unblock' : 'block', user })}
                  >
                    {user.login_blocked ? t`Unblock sign-in` : t`Block sign-in`}
                  </Button>
                </span>
              )
            : null
        }
      />
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'down'
            ? t`Remove the admin rights of ${pending.user.name}?`
            : pending?.kind === 'block'
              ? t`Block the sign-in of ${pending.user.name}?`
              : t`Let ${pending?.user.name ?? ''} sign in again?`
        }
        description={
          pending?.kind === 'block'
            ? t`Their open sessions end at once.`
            : pending?.kind === 'down'
              ? t`They become a teacher.`
              : t`They can sign in with their password.`
        }
        confirmLabel={t`Confirm`}
        destructive={pending?.kind !== 'unblock'}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && void confirm(pending)}
      />
    </Screen>
  );
}

/** `/admins/add` (super admin): a teacher or observer promoted to admin (up-role), then back to `/admins`. */
export function AdminAddScreen({ onPromoted, notify }: { onPromoted: () => void; notify: Notify }) {
  const { t, i18n } = useLingui();
  const [role, setRole] = useState<StaffListRole>(Role.teacher);
  const [pending, setPending] = useState<StaffUser | null>(null);
  const promote = async (user: StaffUser) => {
    setPending(null);
    const answer = await changeRole('up', user.id);
    if (!answer.ok) {
      notify({ tone: 'error', title: errorMessage(i18n, answer.failure.code) });
      return;
    }
    notify({ tone: 'success', title: t`${user.name} is now an admin.` });
    onPromoted();
  };
  return (
    <Screen title={<Trans>Add an admin</Trans>}>
      <fieldset className="flex gap-2">
        <legend className="sr-only">{t`Promote from`}</legend>
        {([Role.teacher, Role.observer] as const).map((option) => (
          <Button
            key={option}
            variant={option === role ? 'primary' : 'secondary'}
            onClick={() => setRole(option)}
          >
            {i18n._(ROLE_LABELS[option])}
          </Button>
        ))}
      </fieldset>
      <UserList
        key={role}
        role={role}
        caption={t`Accounts to promote`}
        actions={(user) => (
          <Button size="sm" onClick={() => setPending(user)}>
            {t`Make admin`}
          </Button>
        )}
      />
      <ConfirmDialog
        open={pending !== null}
        title={t`Make ${pending?.name ?? ''} an admin?`}
        description={t`They sign in again to use the admin screens.`}
        confirmLabel={t`Confirm`}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && void promote(pending)}
      />
    </Screen>
  );
}
