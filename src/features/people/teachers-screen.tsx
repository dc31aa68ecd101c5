import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Teacher } from '../../../domain/schemas/people';
import { formatDate } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { Button } from '../../ui/button';
import type { Column } from '../../ui/data-table';
import { ScreenLink } from '../shared/screen-link';
import { useTeachers } from './people-calls';
import {
  OnlineTable,
  type StaffFilter,
  StaffFilterFields,
  staffQuery,
  useUniversityNames,
} from './staff-parts';

/** `/teachers` (staff but 3): teachers by name with their universities and retirement; admins invite. */
export function TeachersScreen({ canInvite, onInvite }: { canInvite: boolean; onInvite: () => void }) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const [filter, setFilter] = useState<StaffFilter>({ param: '', university: '', page: 1 });
  const view = useTeachers(staffQuery(filter));
  const universityNames = useUniversityNames();
  const columns: Column<Teacher>[] = [
    {
      key: 'name',
      header: t`Name`,
      cell: (row) => (
        <ScreenLink to={`/teachers/${row.id}`} className="text-blue-800 underline">
          {row.name}
        </ScreenLink>
      ),
    },
    { key: 'email', header: t`Email`, cell: (row) => <span className="break-all">{row.email}</span> },
    { key: 'universities', header: t`Universities`, cell: (row) => universityNames(row.university_ids) },
    {
      key: 'retire',
      header: t`Retires`,
      cell: (row) => (row.deactive?.retire_at ? formatDate(row.deactive.retire_at, locale) : ''),
    },
  ];
  return (
    <section aria-labelledby="teachers-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="teachers-title" className="text-2xl font-semibold">
          <Trans>Teachers</Trans>
        </h1>
        {canInvite && (
          <Button onClick={onInvite}>
            <Trans>Invite a teacher</Trans>
          </Button>
        )}
      </div>
      <StaffFilterFields filter={filter} onChange={setFilter} />
      <OnlineTable
        view={view}
        caption={t`Teachers`}
        columns={columns}
        emptyTitle={t`No teachers found.`}
        page={filter.page}
        onPageChange={(page) => setFilter({ ...filter, page })}
      />
    </section>
  );
}
