import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { StaffUser } from '../../../domain/schemas/people';
import { Button } from '../../ui/button';
import type { Column } from '../../ui/data-table';
import { ScreenLink } from '../shared/screen-link';
import { useObservers } from './people-calls';
import {
  OnlineTable,
  type StaffFilter,
  StaffFilterFields,
  staffQuery,
  useUniversityNames,
} from './staff-parts';

/** `/observers` (admins): observers by name; invite, and open one to edit or delete. */
export function ObserversScreen({ onInvite }: { onInvite: () => void }) {
  const { t } = useLingui();
  const [filter, setFilter] = useState<StaffFilter>({ param: '', university: '', page: 1 });
  const view = useObservers(staffQuery(filter));
  const universityNames = useUniversityNames();
  const columns: Column<StaffUser>[] = [
    {
      key: 'name',
      header: t`Name`,
      cell: (row) => (
        <ScreenLink to={`/observers/${row.id}`} className="text-blue-800 underline">
          {row.name}
        </ScreenLink>
      ),
    },
    { key: 'email', header: t`Email`, cell: (row) => <span className="break-all">{row.email}</span> },
    { key: 'universities', header: t`Universities`, cell: (row) => universityNames(row.university_ids) },
  ];
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
      <StaffFilterFields filter={filter} onChange={setFilter} />
      <OnlineTable
        view={view}
        caption={t`Observers`}
        columns={columns}
        emptyTitle={t`No observers found.`}
        page={filter.page}
        onPageChange={(page) => setFilter({ ...filter, page })}
      />
    </section>
  );
}
