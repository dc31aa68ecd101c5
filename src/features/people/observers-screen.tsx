import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/button';
import { useObservers } from './people-calls';
import { FilteredStaffTable, staffQuery, useStaffColumns, useStaffFilter } from './staff-parts';

/** `/observers` (admins): observers by name; invite, and open one to edit or delete. */
export function ObserversScreen({ onInvite }: { onInvite: () => void }) {
  const { t } = useLingui();
  const [filter, setFilter] = useStaffFilter();
  const view = useObservers(staffQuery(filter));
  const columns = useStaffColumns((row) => `/observers/${row.id}`);
  return (
    <section aria-labelledby="observers-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="observers-title" className="text-2xl font-semibold">
          <Trans>Observers</Trans>
        </h1>
        <Button onClick={onInvite}>
          <Trans>Invite an observer</Trans>
        </Button>
      </div>
      <FilteredStaffTable
        filter={filter}
        onFilterChange={setFilter}
        view={view}
        caption={t`Observers`}
        columns={columns}
        emptyTitle={t`No observers found.`}
      />
    </section>
  );
}
