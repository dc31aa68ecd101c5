import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/button';
import { useObservers } from './people-calls';
import { StaffListScreen, staffQuery, useStaffColumns, useStaffFilter } from './staff-parts';

/** `/observers` (admins): observers by name; invite, and open one to edit or delete. */
export function ObserversScreen({ onInvite }: { onInvite: () => void }) {
  const { t } = useLingui();
  const [filter, setFilter] = useStaffFilter();
  const view = useObservers(staffQuery(filter));
  const columns = useStaffColumns((row) => `/observers/${row.id}`);
  return (
    <StaffListScreen
      title={<Trans>Observers</Trans>}
      action={
        <Button onClick={onInvite}>
          <Trans>Invite an observer</Trans>
        </Button>
      }
      filter={filter}
      onFilterChange={setFilter}
      view={view}
      caption={t`Observers`}
      columns={columns}
      emptyTitle={t`No observers found.`}
    />
  );
}
